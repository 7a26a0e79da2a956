// swift-tools-version:5.7
// A Swift package over the games C ABI: a system-library target (CGames)
// over include/games.h, a thin wrapper (Games) and a command-line Nim
// player (nim-cli). Build the Rust library first; see README.md here.
import PackageDescription

let package = Package(
    name: "GamesSwift",
    products: [
        .library(name: "Games", targets: ["Games"]),
        .executable(name: "nim-cli", targets: ["NimCLI"]),
    ],
    targets: [
        .systemLibrary(name: "CGames", path: "Sources/CGames"),
        .target(name: "Games", dependencies: ["CGames"]),
        .executableTarget(name: "NimCLI", dependencies: ["Games"]),
    ]
)

// swift-tools-version:6.0
// The Swift package of the games engines: the C module `CGames` over
// include/games.h (the one header, never copied), the `Games` library (one
// Swift type per game) and the `games-swift` player.
//
// Linux (and any machine with Swift but no Apple SDK): build the static Rust
// library first, `scripts/swift-lib.sh` (cargo build --release -p games-ffi,
// then target/swift-lib/libgames_ffi.a), and `swift build` links it.
// Apple platforms: `scripts/build-xcframework.sh` makes
// target/apple/CGames.xcframework and this manifest uses it as a binaryTarget.
import PackageDescription

let rustLibDir = Context.packageDirectory + "/target/swift-lib"

#if os(Linux) || os(Windows)
let useXCFramework = false
#else
let useXCFramework = Context.environment["GAMES_SWIFT_SYSTEM_LIBRARY"] == nil
#endif

let cModule: Target = useXCFramework
    ? .binaryTarget(name: "CGames", path: "target/apple/CGames.xcframework")
    : .systemLibrary(name: "CGames", path: "include")

let linkSettings: [LinkerSetting] = useXCFramework
    ? []
    : [
        // The directory holds only libgames_ffi.a, so `-lgames_ffi` (from the
        // module map) links the engine into the program statically.
        .unsafeFlags(["-L" + rustLibDir]),
        .linkedLibrary("pthread", .when(platforms: [.linux])),
        .linkedLibrary("dl", .when(platforms: [.linux])),
        .linkedLibrary("m", .when(platforms: [.linux])),
    ]

let package = Package(
    name: "Games",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "Games", targets: ["Games"]),
        .executable(name: "games-swift", targets: ["games-swift"]),
    ],
    targets: [
        cModule,
        .target(
            name: "Games",
            dependencies: ["CGames"],
            path: "swift/Sources/Games",
            linkerSettings: linkSettings
        ),
        .executableTarget(
            name: "games-swift",
            dependencies: ["Games"],
            path: "swift/Sources/games-swift"
        ),
        .testTarget(
            name: "GamesTests",
            dependencies: ["Games"],
            path: "swift/Tests/GamesTests",
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

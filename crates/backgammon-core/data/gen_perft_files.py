# Writes the perft data files of backgammon-core from GNU Backgammon's own
# move generator (PyPI gnubg-nn 1.1.0a11, gnubg_nn.moves), see data/README.md.
import random, sys, gnubg_nn as g
def positions(seed, n):
    random.seed(seed)
    start=g.board_from_position_id('4HPwATDgc/ABMA')
    out=[]
    while len(out)<n:
        b=[list(start[0]),list(start[1])]
        while True:
            d1,d2=random.randint(1,6),random.randint(1,6)
            ms=g.moves(b,d1,d2)
            out.append(g.position_id(b))
            if not ms: b=[b[1],b[0]]; continue
            nb=g.board_from_position_key(random.choice(ms))
            nb=[list(nb[0]),list(nb[1])]
            if sum(nb[1])==0 or sum(nb[0])==0: break
            b=[nb[1],nb[0]]
    return out[:n]
rolls=[(a,b) for a in range(1,7) for b in range(1,a+1)]
with open(sys.argv[1],'w') as f:
    f.write("# gnubg_nn 1.1.0a11 (GNU Backgammon move generator): Position ID, then the number of\n")
    f.write("# distinct legal plays (1 for no play) for the 21 rolls 11 21 22 31 32 33 41 .. 66.\n")
    for pid in positions(11, 1000):
        b=g.board_from_position_id(pid)
        f.write(pid+" "+" ".join(str(max(1,len(g.moves(b,x,y)))) for x,y in rolls)+"\n")
with open(sys.argv[2],'w') as f:
    f.write("# gnubg_nn 1.1.0a11: Position ID, roll, then the sorted Position IDs of every\n")
    f.write("# distinct result (mover still on roll), or the position itself for no play.\n")
    for pid in positions(12, 40):
        b=g.board_from_position_id(pid)
        for x,y in rolls:
            ids=sorted(g.position_id([list(t) for t in g.board_from_position_key(k)]) for k in g.moves(b,x,y))
            f.write(f"{pid} {x}{y} "+(",".join(ids) if ids else pid)+"\n")

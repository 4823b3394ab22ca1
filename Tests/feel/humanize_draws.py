"""Humanize's draws written independently from LANGUAGE.md "Feel (v3)" (SplitMix64, FNV-1a-64,
groups by start tick, dt then dv lowest pitch first, clamping), for the hand-computed tests
(Tests/StaveMIDITests/HumanizeTests.swift) and the feel check (Tests/feel/check_feel.py).

    python3 humanize_draws.py      # prints the draws of HumanizeTests.testTwoTracksDrawnByHand

hum(track_id, seed, T, V, notes) takes notes as (start, end, pitch, velocity) ticks at one tempo
(us microseconds per quarter) and returns the moved notes, each start tick's dt, and Tt.
"""
M=(1<<64)-1
def fnv(b):
    h=0xcbf29ce484222325
    for x in b: h^=x; h=(h*0x100000001b3)&M
    return h
class SM:
    def __init__(s,seed): s.s=seed&M
    def next(s):
        s.s=(s.s+0x9E3779B97F4A7C15)&M; z=s.s
        z=((z^(z>>30))*0xBF58476D1CE4E5B9)&M
        z=((z^(z>>27))*0x94D049BB133111EB)&M
        return z^(z>>31)
def hum(tid,seed,T,V,notes,ppq=480,us=500000):
    g=SM(seed^fnv(tid.encode()))
    Tt=(2*T*ppq*1000+us)//(2*us)
    out=[]; last={}
    order=sorted(range(len(notes)),key=lambda i:(notes[i][0],notes[i][2],i))
    i=0; res=[None]*len(notes); steps={}
    while i<len(order):
        t=notes[order[i]][0]
        dt=g.next()%(2*Tt+1)-Tt; steps[t]=dt
        while i<len(order) and notes[order[i]][0]==t:
            s,e,p,v=notes[order[i]]
            dv=g.next()%(2*V+1)-V
            if v>0: v=min(127,max(1,v+dv))
            s+=dt;e+=dt
            s=max(s,0,last.get(p,0))
            if e<=s: e=s+1
            if v>0: last[p]=max(last.get(p,0),e)
            res[order[i]]=(s,e,p,v); i+=1
    return res,steps,Tt

if __name__ == "__main__":
    print(hum('a', 26, 10, 5, [(0, 480, 60, 100), (0, 480, 64, 100), (480, 960, 62, 100), (960, 1440, 60, 100)]))
    print(hum('b', 26, 20, 0, [(0, 480, 60, 90), (480, 960, 60, 90)]))

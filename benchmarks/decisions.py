"""The computers' card decisions that matter, judged one by one: a measure that answers in minutes.

Usage:
    python benchmarks/decisions.py --make FILE [--players P] [--missions A-B] [--games G]
        [--seed S] [--nodes N] [--workers W] [--settings K=V,...]
    python benchmarks/decisions.py --eval FILE [--settings K=V,...] [--against K=V,...]
        [--workers W] [--limit K] [--cache DIR] [--base DIR]
    python benchmarks/decisions.py --eval FILE --calibration [--settings K=V,...] [--workers W]

A whole game tells a change to the computers from today's only when one side wins it and the
other does not, which few games do (``bots.py --against``: 46 games a side take about 45
minutes and leave 0-12 such games). Most card decisions do not matter either: every card keeps
the game winnable, or none does. This measures the ones that do.

``--make`` plays games with today's computers in every seat (``--settings`` changes them; game
i of mission m dealt with the seed ``S-m-i``, as ``bots.py`` deals them) and, at each card
decision with more than one card to choose from while the deal can still be won with open
hands, asks the open-hand solver which cards keep it winnable (``--nodes`` positions each,
default 200,000). A decision where some cards do and others do not is *critical*; each game's
critical decisions go to FILE as one JSON line (its seed, its actions, and per decision the
action's index, the seat, the winning and the losing cards). Once no card wins, the game was
lost there: later decisions are not asked. Resumable: the games already in FILE are skipped
(a FILE made with another crew size, ``--nodes`` or ``--settings`` is refused).

``--eval`` asks the computers again at each critical decision of FILE, from the seat's own view
and the memory it had there (the game replayed up to that point), with today's settings changed
by ``--settings``, and counts how often they pick a winning card. With ``--against`` (other
settings), both are asked at every decision with the same random source, and the decisions only
one of them got right are counted both ways with the two-sided exact sign test. A decision is a
card chosen from the seat's view alone, so this says how often a change finds the card the
open hands would find, on positions today's computers reached; whether that wins more games is
still for ``bots.py --against`` to say. ``--cache DIR`` keeps each side's picks (one file per
settings text), so a side asked before is not asked again: the code must be the same.
``--base DIR`` compares two versions of the code: the first side's picks are read from DIR (the
``--cache`` of a run of the other version with the same ``--settings``), the second side is this
version's (kept in its own ``--cache``).

``--eval FILE --calibration`` asks whether the computers' samples are right about the deal they
cannot see: at each critical decision, every card judged on every sampled deal (no race), the
share of the deals that told a winning card from a losing one (none undecided) on which the
pick won, set beside whether it won on the real deal, in bands of that share. Were the sampled
deals drawn as the real deals are, the picks would be right as often as the samples said; if
they are, more or better samples cannot do much better, and only what the seat does not know
(its partners' hands, told by signals or read from their play) can.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from bots import _missions, parse_settings, sign_test  # this script's neighbour

# ---------------------------------------------------------------------------------------------
# --make: play games and keep their critical decisions


def make_game(job: dict[str, Any]) -> dict[str, Any]:
    """One game played by today's computers, and its critical card decisions."""
    from crew.engine import Phase, Play, apply, legal_actions, new_attempt
    from crew.records import action_to_json
    from crew.solver import Solver
    from crew.table.selfplay import SelfPlay

    t0 = time.perf_counter()
    players, mission, seed = job["players"], job["mission"], job["seed"]
    state = new_attempt(players, mission, seed=seed)
    table = SelfPlay(state, frozenset(range(players)), seed, _cfg(job["settings"]))
    table.run()
    keep = ("players", "mission", "game", "seed", "nodes", "settings")
    out: dict[str, Any] = {k: job[k] for k in keep}
    out["result"] = table.state.result
    out["actions"] = [action_to_json(a) for a in table.actions]
    decisions = []
    state = table.start
    solver = Solver()
    for k, action in enumerate(table.actions):
        if state.phase == Phase.PLAY and isinstance(action, Play):
            cards = [a for a in legal_actions(state) if isinstance(a, Play)]
            if len(cards) > 1:
                verdicts = {}
                for a in cards:
                    child, _ = apply(state, a)
                    verdicts[a.card] = solver.solve(child, node_limit=job["nodes"]).winnable
                if not any(v is True for v in verdicts.values()):
                    if all(v is False for v in verdicts.values()):
                        break  # lost here: no later decision can matter
                else:
                    losing = [c for c, v in verdicts.items() if v is False]
                    if losing:
                        decisions.append(
                            {
                                "index": k,
                                "seat": action.seat,
                                "trick": len(state.tricks) + 1,
                                "winning": [c for c, v in verdicts.items() if v is True],
                                "losing": losing,
                                "undecided": [c for c, v in verdicts.items() if v is None],
                                "played": action.card,
                            }
                        )
        state, _ = apply(state, action)
    out["decisions"] = decisions
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def make(args: argparse.Namespace) -> int:
    path = Path(args.make)
    run = {"players": args.players, "nodes": args.nodes, "settings": args.settings}
    done: set[str] = set()
    if path.exists():  # resumed: only games of the same run may join it
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            game = json.loads(line)
            other = {k: game.get(k) for k in run}
            if other != run:
                raise SystemExit(f"{path}, line {n}: a game of another run ({other}), not {run}")
            done.add(game["seed"])
    jobs = [
        {
            "players": args.players,
            "mission": m,
            "game": i,
            "seed": f"{args.seed}-{m}-{i}",
            **run,
        }
        for m in _missions(args.missions)
        for i in range(args.games)
    ]
    jobs = [j for j in jobs if j["seed"] not in done]
    print(f"{len(jobs)} games to play ({len(done)} already in {path})", flush=True)
    with multiprocessing.Pool(args.workers) as pool, path.open("a", encoding="utf-8") as f:
        for game in pool.imap_unordered(make_game, jobs):
            f.write(json.dumps(game) + "\n")
            f.flush()
            n = len(game["decisions"])
            right = sum(d["played"] in d["winning"] for d in game["decisions"])
            print(
                f"{game['seed']}: {game['result']}, {n} critical, {right} played right, "
                f"{game['seconds']} s",
                flush=True,
            )
    return 0


# ---------------------------------------------------------------------------------------------
# --eval: ask the computers again


def _cfg(text: str) -> Any:
    from crew.bots import DEFAULT

    return replace(DEFAULT, **parse_settings(text))


def _seat_at(job: dict[str, Any]) -> tuple[Any, Any]:
    """The deciding seat's view and memory at one critical decision (the game replayed)."""
    from crew.bots import Memory
    from crew.engine import apply, new_attempt, view_for
    from crew.records import action_from_json

    seat = job["seat"]
    states = [new_attempt(job["players"], job["mission"], seed=job["seed"])]
    for raw in job["actions"][: job["index"]]:
        states.append(apply(states[-1], action_from_json(raw))[0])
    memory = Memory.replayed(seat, (view_for(st, seat) for st in states))
    return view_for(states[-1], seat), memory


def _rng(job: dict[str, Any]) -> Any:
    import random

    return random.Random(f"decisions:{job['seed']}:{job['index']}")


def eval_decision(job: dict[str, Any]) -> dict[str, Any]:
    """The cards each side asked for picks at one critical decision."""
    import copy

    from crew.bots import choose_action

    out: dict[str, Any] = {"picked": {}, "seconds": {}}
    if not job["ask"]:  # every pick of this decision is in the cache
        return out
    view, memory = _seat_at(job)
    for text in job["ask"]:
        t0 = time.perf_counter()
        decision = choose_action(view, copy.deepcopy(memory), _rng(job), _cfg(text))
        out["seconds"][text] = round(time.perf_counter() - t0, 3)
        out["picked"][text] = decision.action.card
    return out


def calibrate_decision(job: dict[str, Any]) -> dict[str, Any]:
    """Today's pick at one critical decision (every card judged on every deal: no race), and
    what its sampled deals said of it: of the deals where some card wins and some loses (none
    undecided), the share where the pick wins."""
    from crew.bots import search
    from crew.bots.cards import choose_play, play_order

    view, memory = _seat_at(job)
    ctx = search.Context()
    ctx.record = []
    cfg = replace(_cfg(job["settings"]), race=False)
    pick = choose_play(view, memory, _rng(job), cfg, ctx).action.card
    k = play_order(view, list(view.playable)).index(pick)
    told = [row for row in ctx.record if max(row) == 1.0 and min(row) == 0.0]
    told = [row for row in told if search.UNDECIDED not in row]
    share = sum(row[k] for row in told) / len(told) if told else None
    return {"right": pick in job["winning"], "share": share}


def _cache_path(cache: str, text: str) -> Path:
    return Path(cache) / (hashlib.sha256(text.encode()).hexdigest()[:16] + ".jsonl")


def _picks(path: Path) -> dict[str, tuple[int, float]]:
    """A picks file of ``--cache``: decision key -> (card, seconds)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        out[doc["key"]] = (doc["card"], doc["seconds"])
    return out


def _jobs(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The critical decisions of ``--eval``'s file (the first ``--limit`` of them)."""
    jobs = []
    for line in Path(args.eval).read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        for d in game["decisions"]:
            jobs.append(
                {
                    "players": game["players"],
                    "mission": game["mission"],
                    "seed": game["seed"],
                    "actions": game["actions"],
                    "index": d["index"],
                    "seat": d["seat"],
                    "winning": d["winning"],
                    "settings": args.settings,
                }
            )
    return jobs[: args.limit] if args.limit else jobs


def calibrate(args: argparse.Namespace) -> int:
    """``--calibration``: how often today's pick wins on the real deal against how often its
    own sampled deals said it would, in bands of that share."""
    jobs = _jobs(args)
    t0 = time.perf_counter()
    bands: dict[int, list[float]] = {}  # tenth of the share -> [decisions, said, right]
    right = unjudged = 0
    n = len(jobs)
    print(f"{n} decisions to ask", flush=True)
    with multiprocessing.Pool(args.workers) as pool:
        for done, got in enumerate(pool.imap(calibrate_decision, jobs, chunksize=2), 1):
            if done % 100 == 0:
                print(f"  {done} of {n} asked, {time.perf_counter() - t0:.0f} s", flush=True)
            right += got["right"]
            if got["share"] is None:  # no deal told the cards apart
                unjudged += 1
                continue
            band = bands.setdefault(min(int(got["share"] * 10), 9), [0, 0.0, 0])
            band[0] += 1
            band[1] += got["share"]
            band[2] += got["right"]
    judged = n - unjudged
    print(f"{n} critical decisions, the pick right at {right} (every card on every deal)")
    print(f"{unjudged} with no sampled deal that told a winning card from a losing one")
    print(f"the other {judged}: right as the samples said / as it was, by the share they said")
    print("| share said | decisions | right as said | right |")
    print("| --- | ---: | ---: | ---: |")
    for b in sorted(bands):
        k, said, ok = bands[b]
        print(f"| {b / 10:.1f}-{(b + 1) / 10:.1f} | {k} | {said:.1f} | {ok} |")
    said = sum(x[1] for x in bands.values())
    ok = sum(x[2] for x in bands.values())
    print(f"| all | {judged} | {said:.1f} | {ok} |")
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


def evaluate(args: argparse.Namespace) -> int:
    sides = [args.settings] + ([args.against] if args.against is not None else [])
    if args.base:
        if args.against is not None or not args.cache:
            raise SystemExit(
                "--base compares with this build's own picks: give --cache, not --against"
            )
        sides = ["base:" + args.settings, args.settings]
    jobs = _jobs(args)
    # picks already made with the same settings on the same decisions (``--cache DIR``)
    known: dict[str, dict[str, tuple[int, float]]] = {text: {} for text in sides}
    files = {}
    if args.base:
        path = _cache_path(args.base, args.settings)
        if not path.exists():
            raise SystemExit(f"--base {args.base}: no picks with settings {args.settings!r} there")
        known[sides[0]] = _picks(path)
        missing = [j for j in jobs if f"{j['seed']}:{j['index']}" not in known[sides[0]]]
        if missing:
            raise SystemExit(f"--base {args.base}: {len(missing)} decisions not asked there")
    if args.cache:
        Path(args.cache).mkdir(parents=True, exist_ok=True)
        for text in dict.fromkeys(sides):
            if text.startswith("base:"):
                continue
            path = _cache_path(args.cache, text)
            if path.exists():
                known[text] = _picks(path)
            files[text] = path.open("a", encoding="utf-8")
    for job in jobs:
        job["key"] = f"{job['seed']}:{job['index']}"
        job["ask"] = [t for t in dict.fromkeys(sides) if job["key"] not in known[t]]
    right = [0] * len(sides)
    only = [0, 0]
    seconds: list[list[float]] = [[] for _ in sides]
    t0 = time.perf_counter()
    asked = sum(1 for job in jobs if job["ask"])
    print(f"{len(jobs)} decisions, {asked} to ask (the rest from the cache)", flush=True)
    done = 0
    with multiprocessing.Pool(args.workers) as pool:
        for job, got in zip(jobs, pool.imap(eval_decision, jobs, chunksize=2), strict=True):
            if job["ask"]:
                done += 1
                if done % 100 == 0:
                    print(
                        f"  {done} of {asked} asked, {time.perf_counter() - t0:.0f} s", flush=True
                    )
            for text in job["ask"]:
                pick = (got["picked"][text], got["seconds"][text])
                known[text][job["key"]] = pick
                if text in files:
                    doc = {"key": job["key"], "card": pick[0], "seconds": pick[1]}
                    files[text].write(json.dumps(doc) + "\n")
                    files[text].flush()
            ok = [known[t][job["key"]][0] in job["winning"] for t in sides]
            for s, x in enumerate(ok):
                right[s] += x
                seconds[s].append(known[sides[s]][job["key"]][1])
            if len(ok) == 2 and ok[0] != ok[1]:
                only[0 if ok[0] else 1] += 1
    n = len(jobs)
    for s, text in enumerate(sides):
        xs = sorted(seconds[s])
        med = xs[len(xs) // 2] if xs else 0.0
        print(
            f"settings {text or '(today)'!r}: {right[s]} of {n} critical decisions right "
            f"({right[s] / max(n, 1):.3f}), decision median {med:.3f} s"
        )
    if len(sides) == 2:
        print(
            f"right only with the first: {only[0]}, only with the second: {only[1]}, "
            f"sign test p {sign_test(*only):.3g}"
        )
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--make")
    p.add_argument("--eval")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--missions", default="11-33")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", default="dc1")
    p.add_argument("--nodes", type=int, default=200_000)
    p.add_argument("--settings", default="")
    p.add_argument("--against")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("--cache")
    p.add_argument("--base")
    p.add_argument("--calibration", action="store_true")
    args = p.parse_args()
    if bool(args.make) == bool(args.eval):
        p.error("give --make FILE or --eval FILE")
    if args.calibration:
        if not args.eval or args.against is not None or args.cache or args.base:
            p.error("--calibration goes with --eval FILE (and --settings), alone")
        return calibrate(args)
    return make(args) if args.make else evaluate(args)


if __name__ == "__main__":
    raise SystemExit(main())

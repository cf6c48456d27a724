"""How strong and how quick the computer crewmates are, mission by mission.

Usage:
    python benchmarks/bots.py --logbook [--games G] [--players P] [--seed S] [--missions A-B]
        [--losses] [--records DIR] [--out FILE [--resume]] [--workers W] [--solver-nodes N]
    python benchmarks/bots.py --against REF [--games G] [--players P] [--seed S]
        [--missions A-B] [--out FILE [--resume]] [--workers W]
    python benchmarks/bots.py [--players P] [--mission M] [--games K] [--seed S]

Every mode plays with computers in every seat, like ``crew selfplay``. Game i of mission m is
dealt with the seed ``S-m-i`` (``crew deal --players P --mission m --seed S-m-i`` deals it
again). The computers' effort is counted in solver positions, never in seconds, so a seed plays
the same actions on any machine (``--at-the-table`` adds the app's 2.5 s guard per decision,
and then a busy machine may change a choice). ``--settings K=V,...`` changes the computers'
settings (the fields of ``crew.bots.Settings``, e.g. ``samples=48,nodes=8000``).

``--logbook`` plays G games (default 20) of every logbook mission (default 1-33): per mission the
games won, the games whose deal the open-hand solver calls winnable **as dealt**, before the
tasks were handed out (the solver chooses the distribution too; a won game counts as winnable),
those it left undecided within ``--solver-nodes`` positions (default 1,000,000), won / winnable,
the same count once the tasks were handed out, and the seconds per computer decision (median,
95th percentile, max). The last lines sum up all missions together.

``--losses`` (with ``--logbook``) looks at every lost game whose deal was winnable the way
``crew analyse`` does (open hands, each verdict within ``crew analyse``'s default time): its
turning point, the first action after which the game could no longer be won, by kind (taking
tasks, predictions, the card of trick k, distress, signal, time), and how many other actions
would still have won there. The loss profile is printed as a table.

``--against REF`` plays the same seeds with today's computers and with another version: a git
ref of this repository (checked out into a temporary ``git worktree``, removed afterwards, and
run with that tree first on ``PYTHONPATH``), or ``settings:K=V,...`` (today's code with other
settings: K=V over ``--settings``, so ``settings:`` alone is today's own settings, not the
defaults; the run says so). One worker process per side (``--workers``, default 2, one per
core). It prints the wins of each, the games only one of them won (both ways), the two-sided
exact sign test's p-value on those, how many games both played with the very same actions (all
of them when the two are the same version: the same seed replays the same), and the seconds per
decision. No open-hand verdicts here: the pair is compared on the same deals.

``--out FILE`` appends one JSON line per game as it ends (after a first line naming the run);
``--resume`` skips the games already in FILE (it must name the same run: crew size, seed,
settings, versions), so a run stopped by Ctrl-C or a reboot loses at most the games under way.
Without ``--resume`` an existing FILE is refused, never replaced or added to. ``--records DIR``
(with ``--logbook``) keeps each game as a ``crew-record/1`` file for ``crew analyse`` and
``crew replay``.

Typical sizes on a 2-core machine (both cores, other work beside them; the editable install's
plain-Python search, about half the speed of a wheel's compiled one). Measured:

- ``--logbook --players 4 --missions 22-22 --games 2 --losses``: 72 s (a game plays in 15-55 s,
  its verdicts and a loss's analysis add up to about 20 s more);
- ``--against HEAD --players 4 --missions 22-23 --games 2``: 132 s (4 games a side, one core a
  side).

Estimated from those: ``--logbook --players 4 --missions 11-33 --games 1 --losses`` (23
games) about 10-15 minutes; ``--against REF --players 4 --missions 22-31 --games 2`` (20 games
a side) about 10-15 minutes. A paired result needs many games that only one side won (5 to 0
is p = 0.0625), so a real comparison (``--missions 11-33 --games 4``, 92 games a side, about
an hour) and the larger tables (every crew size) run in the background with ``--out`` and
``--resume``, e.g. ``nohup python benchmarks/bots.py --against REF ... --out runs/x.jsonl
--resume > runs/x.log 2>&1 &``, started again the same way after a stop.

Without ``--logbook`` or ``--against``: one mission, card decisions only, in this process; the
last line is ``bot_card_decision_p95_seconds X``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: the repository this script belongs to (today's version)
ROOT = Path(__file__).resolve().parent.parent

#: kinds of turning point, in the order of the loss profile's rows (cards by trick between)
KINDS = ("tasks", "prediction", "card", "distress", "signal", "time")

# ---------------------------------------------------------------------------------------------
# one game, in a worker process (which may import another version of crew: only the APIs that
# every version has are used for "play" jobs)


def _settings(job: dict[str, Any]) -> Any:
    from dataclasses import replace

    from crew.bots import AT_THE_TABLE, DEFAULT

    return replace(AT_THE_TABLE if job["at_the_table"] else DEFAULT, **job["settings"])


def _kind(action: Any) -> str:
    from crew.engine import Distress, Play, Predict, Signal, TimeUp

    if isinstance(action, Play):
        return "card"
    if isinstance(action, TimeUp):
        return "time"
    if isinstance(action, Distress):
        return "distress"
    if isinstance(action, Signal):
        return "signal"
    if isinstance(action, Predict):
        return "prediction"
    return "tasks"  # take, pass, volunteer, give every task, assign


def turning_point(record: Any) -> dict[str, Any]:
    """Where a lost game was lost, the way ``crew analyse`` finds it (its default time per
    verdict): the kind of the action, its trick (cards), and the other actions that still won."""
    from crew.cli.commands import SOLVE_SECONDS
    from crew.solver import Solver
    from crew.solver.analysis import analyse

    result = analyse(record, timeout=SOLVE_SECONDS, solver=Solver())
    tp = result.turning_point
    out: dict[str, Any] = {
        "winnable_at_start": result.winnable_at_start,
        "seconds": round(result.seconds, 2),
    }
    if tp is None:
        return {**out, "found": False}
    doc = tp.to_json()
    return {
        **out,
        "found": True,
        "kind": _kind(tp.taken),
        "trick": tp.trick,
        "action": tp.action,
        "seat": tp.seat,
        "played": doc["played"],
        "still_winning": doc["winning_alternatives"],
    }


def play_job(job: dict[str, Any]) -> dict[str, Any]:
    """One game. ``"play"``: the game alone (any version of crew); ``"measure"``: with today's
    open-hand verdicts, its record kept in ``records`` and, when ``losses`` is set and a
    winnable deal was lost, its turning point."""
    t0 = time.perf_counter()
    seed, players, mission = job["seed"], job["players"], job["mission"]
    out: dict[str, Any] = {k: job[k] for k in ("side", "players", "mission", "game", "seed")}
    if job["kind"] == "play":
        from crew.engine import new_attempt
        from crew.records import action_to_json
        from crew.table.selfplay import SelfPlay

        table = SelfPlay(
            new_attempt(players, mission, seed=seed),
            frozenset(range(players)),
            seed,
            _settings(job),
        )
        table.run()
        out["result"] = table.state.result
        out["actions"] = [action_to_json(a) for a in table.actions]
        out["decision_seconds"] = [round(x, 4) for x in table.decision_seconds]
    else:
        from crew.cli.bots import play_one
        from crew.cli.options import DEFAULT_GUARD_SECONDS, record_name
        from crew.records import dump_record
        from crew.storage import write_new_text

        game = play_one(
            players,
            mission,
            None,
            seed,
            _settings(job),
            DEFAULT_GUARD_SECONDS,
            solver_nodes=job["solver_nodes"],
            attempt=job["game"] + 1,
        )
        out["result"] = game.result
        out["winnable"] = game.winnable
        out["winnable_after_tasks"] = game.winnable_after_tasks
        out["stopped_by_clock"] = game.stopped_by_clock
        out["decision_seconds"] = [round(x, 4) for x in game.decision_seconds]
        if job.get("records"):
            path = Path(job["records"]) / record_name(players, mission, None, seed, job["game"] + 1)
            text = dump_record(game.record)
            try:
                write_new_text(path, text)
            except FileExistsError:
                # kept by a run stopped before its line was written: the same seed plays the
                # same game, so the file must be this one; any other file is not replaced
                if path.read_text(encoding="utf-8") != text:
                    raise
            out["record"] = str(path)
        if job.get("losses") and game.result == "lost" and game.winnable is True:
            out["turning_point"] = turning_point(game.record)
    out["seconds"] = round(time.perf_counter() - t0, 2)
    return out


def _crew_dir() -> str:
    """Where the crew this worker plays with was imported from."""
    import crew

    return str(Path(crew.__file__).resolve().parent)


def worker() -> int:
    """A worker process: one JSON job a line on stdin, one JSON answer a line on stdout."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    for line in sys.stdin:
        job = json.loads(line)
        try:
            answer = {**play_job(job), "crew": _crew_dir()}
        except Exception as exc:  # the parent names the game and stops
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


# ---------------------------------------------------------------------------------------------
# the parent: worker processes, the JSON lines file, the versions compared


class Workers:
    """Worker processes, each bound to one side (its version of crew), playing its side's jobs
    in turn; :meth:`results` yields (job, answer) as games end."""

    def __init__(self, sides: dict[str, str | None], per_side: int) -> None:
        self._todo: dict[str, queue.SimpleQueue[dict[str, Any]]] = {}
        self._done: queue.SimpleQueue[tuple[dict[str, Any], dict[str, Any]]] = queue.SimpleQueue()
        self._procs: list[subprocess.Popen[str]] = []
        self._starts: list[tuple[str, str | None]] = []
        for side, path in sides.items():
            self._todo[side] = queue.SimpleQueue()
            self._starts.extend([(side, path)] * per_side)
        self.count = 0

    def add(self, job: dict[str, Any]) -> None:
        self._todo[job["side"]].put(job)
        self.count += 1

    def _start(self, path: str | None) -> subprocess.Popen[str]:
        env = dict(os.environ)
        if path is not None:  # that version's crew before any other
            env["PYTHONPATH"] = os.pathsep.join([path, *filter(None, [env.get("PYTHONPATH")])])
        # a worker starts with Ctrl-C ignored, so none prints a traceback while starting up
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            proc = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "--worker"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env=env,
                cwd=path or str(ROOT),
            )
        finally:
            signal.signal(signal.SIGINT, previous)
        self._procs.append(proc)
        return proc

    def _serve(self, side: str, proc: subprocess.Popen[str]) -> None:
        assert proc.stdin is not None and proc.stdout is not None
        todo = self._todo[side]
        while True:
            try:
                job = todo.get_nowait()
            except queue.Empty:
                break
            try:
                proc.stdin.write(json.dumps(job) + "\n")
                proc.stdin.flush()
                line = proc.stdout.readline()
            except (BrokenPipeError, OSError):
                line = ""
            answer = json.loads(line) if line else {"error": "its worker process stopped"}
            self._done.put((job, answer))
            if not line:
                break
        proc.stdin.close()

    def results(self) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
        if not self.count:
            return
        for side, path in self._starts:
            proc = self._start(path)
            threading.Thread(target=self._serve, args=(side, proc), daemon=True).start()
        for _ in range(self.count):
            yield self._done.get()

    def stop(self) -> None:
        for proc in self._procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self._procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _git(*args: str) -> str:
    r = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {r.stderr.strip() or 'failed'}")
    return r.stdout.strip()


def today() -> str:
    """Today's version: the checkout's commit, with a digest of its uncommitted changes."""
    try:
        head = _git("rev-parse", "HEAD")
        diff = _git("diff", "HEAD", "--", "crew", "missions")
    except (SystemExit, OSError):
        return "unknown"
    if not diff:
        return head[:12]
    return f"{head[:12]}+changes-{hashlib.sha1(diff.encode()).hexdigest()[:8]}"


@contextmanager
def checked_out(ref: str) -> Iterator[tuple[str, str]]:
    """(commit, directory): ``ref`` checked out into a temporary git worktree, removed after."""
    commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}")
    where = tempfile.mkdtemp(prefix="crew-against-")
    tree = os.path.join(where, "tree")
    _git("worktree", "add", "--detach", "--quiet", tree, commit)
    try:
        yield commit, tree
    finally:
        _git("worktree", "remove", "--force", tree)
        shutil.rmtree(where, ignore_errors=True)


def parse_settings(text: str) -> dict[str, Any]:
    """``K=V,...`` as Settings fields: numbers, true/false, none."""
    from dataclasses import fields

    from crew.bots import Settings

    names = {f.name for f in fields(Settings)}
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, raw = part.partition("=")
        key = key.strip()
        if not eq or key not in names:
            raise SystemExit(f"settings: {part!r} is not K=V with K one of {sorted(names)}")
        value: Any
        low = raw.strip().lower()
        if low in ("true", "false"):
            value = low == "true"
        elif low == "none":
            value = None
        else:
            try:
                value = int(low)
            except ValueError:
                try:
                    value = float(low)
                except ValueError:
                    raise SystemExit(f"settings: {part!r}: {raw!r} is not a number") from None
        out[key] = value
    return out


class Lines:
    """The ``--out`` file: a first line naming the run, then one line per game."""

    def __init__(self, path: str | None, run: dict[str, Any], resume: bool) -> None:
        self.path = Path(path) if path else None
        self.done: dict[tuple[str, int, int], dict[str, Any]] = {}
        if self.path is None:
            return
        if self.path.exists() and self.path.stat().st_size > 0:
            if not resume:
                raise SystemExit(
                    f"--out: {self.path} exists; it is not replaced nor added to"
                    " (--resume goes on with it)"
                )
            text = self.path.read_text(encoding="utf-8")
            first, _, rest = text.partition("\n")
            try:
                named = json.loads(first)["run"] if rest or text.endswith("\n") else None
            except (ValueError, KeyError, TypeError):
                named = None
            if named is None:
                raise SystemExit(f"--resume: {self.path} is not a file of this benchmark")
            if named != run:
                raise SystemExit(
                    f"--resume: {self.path} holds another run: {first}"
                    f" (this one: {json.dumps({'run': run})})"
                )
            complete, _, cut = rest.rpartition("\n")
            for line in filter(None, complete.split("\n")):
                g = json.loads(line)["game"]
                self.done[(g["side"], g["mission"], g["game"])] = g
            if cut:  # a line cut short when the run was stopped: that game is played again
                with self.path.open("r+", encoding="utf-8") as fh:
                    fh.truncate(len(text.encode("utf-8")) - len(cut.encode("utf-8")))
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._append({"run": run})

    def _append(self, doc: dict[str, Any]) -> None:
        assert self.path is not None
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(doc) + "\n")

    def add(self, game: dict[str, Any]) -> None:
        if self.path is not None:
            self._append({"game": game})


def run_games(
    args: argparse.Namespace,
    run: dict[str, Any],
    sides: dict[str, str | None],
    job: Callable[[str, int, int, str], dict[str, Any]],
) -> tuple[list[dict[str, Any]], bool]:
    """Every game of every side (those in ``--out`` already, under ``--resume``, are taken from
    it), in worker processes; and whether Ctrl-C stopped the run."""
    lines = Lines(args.out, run, args.resume)
    per_side = max(1, args.workers // len(sides))
    pool = Workers(sides, per_side)
    games: list[dict[str, Any]] = []
    for side in sides:
        for m in _missions(args.missions):
            for i in range(args.games):
                seed = f"{args.seed}-{m}-{i}"
                kept = lines.done.get((side, m, i))
                if kept is not None and kept["seed"] == seed:
                    games.append(kept)
                else:
                    pool.add(job(side, m, i, seed))
    if games:
        print(f"resumed: {len(games)} games from {args.out}", file=sys.stderr)
    t0 = time.perf_counter()
    interrupted = False
    try:
        for n, (todo, g) in enumerate(pool.results(), start=1):
            if "error" in g:
                raise SystemExit(
                    f"{todo['side']}, mission {todo['mission']}, seed {todo['seed']}: {g['error']}"
                )
            # each side plays with its own version: the other's tree, or what Python imports here
            where = Path(g.pop("crew"))
            tree = sides[todo["side"]]
            if tree is not None and not where.is_relative_to(Path(tree).resolve()):
                raise SystemExit(f"{todo['side']}: its worker imported crew from {where}")
            lines.add(g)
            games.append(g)
            print(
                f"[{n}/{pool.count}] {g['side']}: mission {g['mission']} game {g['game'] + 1}"
                f" (seed {g['seed']}): {g['result']}, {g['seconds']} s"
                f" ({time.perf_counter() - t0:.0f} s in all)",
                file=sys.stderr,
                flush=True,
            )
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted: the games finished so far follow", file=sys.stderr)
    finally:
        pool.stop()
    return games, interrupted


# ---------------------------------------------------------------------------------------------
# the tables


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def _seconds(xs: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(xs), 3) if xs else 0.0,
        "p95": round(_pct(xs, 0.95), 3),
        "max": round(max(xs), 3) if xs else 0.0,
    }


def _missions(text: str) -> list[int]:
    """Missions from ranges and numbers separated by commas: "11-33", "11,18-25"."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.strip().partition("-")
        try:
            first, last = int(lo), int(hi or lo)
        except ValueError:
            first, last = 1, 0
        if not 0 <= first <= last:
            raise SystemExit(
                f"--missions: {text!r} is not a range like 1-33 or a list like 11,18-25"
            )
        out += [m for m in range(first, last + 1) if m not in out]
    return out


def _search() -> str:
    """How the installed search runs: "compiled" (``pip install .``) or "plain" (editable)."""
    from crew.solver import compiled

    return "compiled" if compiled() else "plain"


def sign_test(a: int, b: int) -> float:
    """The two-sided exact sign test: the chance, if either side were as likely to be the one
    that won a game only one of them won, of a split at least as uneven as ``a`` to ``b``."""
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(a, b) + 1))
    return min(1.0, 2 * tail / (1 << n))


def loss_profile(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The lost games whose deal was winnable as dealt, by the kind of their turning point
    (cards by trick) and how many other actions still won there."""
    lost = [
        g
        for g in games
        if g["result"] == "lost" and g.get("winnable") is True and "turning_point" in g
    ]

    def empty() -> dict[str, Any]:
        return {"losses": 0, "still": {"0": 0, "1": 0, "2": 0, "3+": 0}}

    # every kind has its row, cards one row a trick where a game was lost
    rows: dict[str, dict[str, Any]] = {k: empty() for k in KINDS if k != "card"}
    for g in lost:
        tp = g["turning_point"]
        if not tp["found"]:
            key = "not found"
        elif tp["kind"] == "card":
            key = f"card, trick {tp['trick']}"
        else:
            key = tp["kind"]
        row = rows.setdefault(key, empty())
        row["losses"] += 1
        if tp["found"]:
            n = len(tp["still_winning"])
            row["still"]["3+" if n >= 3 else str(n)] += 1

    def order(key: str) -> tuple[int, int]:
        if key.startswith("card, trick "):
            return KINDS.index("card"), int(key.removeprefix("card, trick "))
        return (KINDS.index(key), 0) if key in KINDS else (len(KINDS), 0)

    return {
        "winnable_lost": len(lost),
        "rows": {k: rows[k] for k in sorted(rows, key=order)},
        "winnable_lost_unlooked": [
            g["seed"]
            for g in games
            if g["result"] == "lost" and g.get("winnable") is True and "turning_point" not in g
        ],
    }


def print_profile(profile: dict[str, Any]) -> None:
    print(f"loss profile: {profile['winnable_lost']} winnable games lost, by turning point")
    print("| turning point | losses | 0 other won | 1 | 2 | 3+ |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for key, row in profile["rows"].items():
        s = row["still"]
        if key == "not found":
            print(f"| not found within the limit | {row['losses']} | | | | |")
        else:
            print(f"| {key} | {row['losses']} | {s['0']} | {s['1']} | {s['2']} | {s['3+']} |")
    if profile["winnable_lost_unlooked"]:
        print(f"not analysed (no --losses when played): {profile['winnable_lost_unlooked']}")


def logbook(args: argparse.Namespace) -> int:
    settings = parse_settings(args.settings)
    if args.records:
        Path(args.records).mkdir(parents=True, exist_ok=True)
    run = {
        "mode": "logbook",
        "version": today(),
        "players": args.players,
        "seed": args.seed,
        "settings": settings,
        "at_the_table": args.at_the_table,
        "solver_nodes": args.solver_nodes,
        "losses": args.losses,
    }

    def job(side: str, m: int, i: int, seed: str) -> dict[str, Any]:
        return {
            "kind": "measure",
            "side": side,
            "players": args.players,
            "mission": m,
            "game": i,
            "seed": seed,
            "settings": settings,
            "at_the_table": args.at_the_table,
            "solver_nodes": args.solver_nodes,
            "losses": args.losses,
            "records": args.records,
        }

    t_start = time.perf_counter()
    games, interrupted = run_games(args, run, {"today": None}, job)
    rows: list[dict[str, Any]] = []
    for m in _missions(args.missions):
        gs = [g for g in games if g["mission"] == m]
        if not gs:
            continue
        times = [x for g in gs for x in g["decision_seconds"]]
        won = sum(g["result"] == "won" for g in gs)
        winnable = sum(g["winnable"] is True for g in gs)
        after = sum(g["winnable_after_tasks"] is True for g in gs)
        rows.append(
            {
                "mission": m,
                "games": len(gs),
                "won": won,
                "winnable": winnable,
                "undecided": sum(g["winnable"] is None for g in gs),
                "ratio": round(won / winnable, 3) if winnable else None,
                "winnable_after_tasks": after,
                "ratio_after_tasks": round(won / after, 3) if after else None,
                **_seconds(times),
            }
        )
    every = [x for g in games for x in g["decision_seconds"]]
    won = sum(r["won"] for r in rows)
    winnable = sum(r["winnable"] for r in rows)
    after = sum(r["winnable_after_tasks"] for r in rows)
    below = [r["mission"] for r in rows if r["ratio"] is not None and r["ratio"] < 0.75]
    summary: dict[str, Any] = {
        **run,
        "games_per_mission": args.games,
        "search": _search(),
        "won": won,
        "winnable": winnable,
        "undecided": sum(r["undecided"] for r in rows),
        "ratio": round(won / winnable, 3) if winnable else None,
        "winnable_after_tasks": after,
        "ratio_after_tasks": round(won / after, 3) if after else None,
        "missions_below_0.75": below,
        "decision_seconds": _seconds(every),
        "wall_seconds": round(time.perf_counter() - t_start, 1),
        "interrupted": interrupted,
        "missions": rows,
    }
    if args.losses:
        summary["loss_profile"] = loss_profile(games)
    if args.json:
        print(json.dumps(summary, indent=2))
        return 130 if interrupted else 0
    print(
        f"{args.players} players, {args.games} games per mission, seeds {args.seed}-M-I"
        + (", the table's settings (deadline)" if args.at_the_table else "")
        + (f", settings {settings}" if settings else "")
        + f"; search {_search()}; version {run['version']}"
    )
    print(
        "| mission | won | winnable | undecided | ratio | after tasks | ratio |"
        " median |   p95 |    max |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(
            f"| {r['mission']:>7} | {r['won']:>3} | {r['winnable']:>8} | {r['undecided']:>9} |"
            f" {r['ratio'] if r['ratio'] is not None else '-':>5} |"
            f" {r['winnable_after_tasks']:>11} |"
            f" {r['ratio_after_tasks'] if r['ratio_after_tasks'] is not None else '-':>5} |"
            f" {r['median']:>6} | {r['p95']:>5} | {r['max']:>6} |"
        )
    ds = summary["decision_seconds"]
    print(
        f"all missions: won {won}, winnable as dealt {winnable} (undecided"
        f" {summary['undecided']}), won/winnable {summary['ratio']}; after the tasks winnable"
        f" {after}, won/winnable {summary['ratio_after_tasks']}; decisions median"
        f" {ds['median']} s, p95 {ds['p95']} s, max {ds['max']} s; below 0.75:"
        f" {below or 'none'}; {summary['wall_seconds']} s"
    )
    if args.losses:
        print_profile(summary["loss_profile"])
    if interrupted:
        print("interrupted: the tables count the games finished")
    return 130 if interrupted else 0


def against(args: argparse.Namespace) -> int:
    settings = parse_settings(args.settings)
    ref = args.against
    with _other(ref, settings) as (label, version, path, other_settings):
        run = {
            "mode": "against",
            "today": today(),
            "other": version,
            "players": args.players,
            "seed": args.seed,
            "settings": settings,
            "other_settings": other_settings,
            "at_the_table": args.at_the_table,
        }

        def job(side: str, m: int, i: int, seed: str) -> dict[str, Any]:
            return {
                "kind": "play",
                "side": side,
                "players": args.players,
                "mission": m,
                "game": i,
                "seed": seed,
                "settings": settings if side == "today" else other_settings,
                "at_the_table": args.at_the_table,
            }

        t_start = time.perf_counter()
        games, interrupted = run_games(args, run, {"today": None, "other": path}, job)
    pairs: dict[tuple[int, int], dict[str, dict[str, Any]]] = {}
    for g in games:
        pairs.setdefault((g["mission"], g["game"]), {})[g["side"]] = g
    both = [p for p in pairs.values() if len(p) == 2]
    only_today = [p["today"]["seed"] for p in both if _won(p["today"]) and not _won(p["other"])]
    only_other = [p["other"]["seed"] for p in both if _won(p["other"]) and not _won(p["today"])]
    same = sum(p["today"]["actions"] == p["other"]["actions"] for p in both)
    doc = {
        **run,
        "other_label": label,
        "search": _search(),
        "games": len(both),
        "won": {
            "today": sum(_won(p["today"]) for p in both),
            "other": sum(_won(p["other"]) for p in both),
        },
        "only_today_won": only_today,
        "only_other_won": only_other,
        "sign_test_p": round(sign_test(len(only_today), len(only_other)), 4),
        "same_actions": same,
        "decision_seconds": {
            side: _seconds([x for p in both for x in p[side]["decision_seconds"]])
            for side in ("today", "other")
        },
        "wall_seconds": round(time.perf_counter() - t_start, 1),
        "interrupted": interrupted,
    }
    if args.json:
        print(json.dumps(doc, indent=2))
        return 130 if interrupted else 0
    print(
        f"{args.players} players, missions {args.missions}, {args.games} games each, seeds"
        f" {args.seed}-M-I; {len(both)} games played by both"
        + (
            ", the table's settings (deadline: a seed may play differently)"
            if args.at_the_table
            else ""
        )
    )
    width = max(len("today"), len(label))
    for side, name, which in (("today", "today", run["today"]), ("other", label, version)):
        ds = doc["decision_seconds"][side]
        print(
            f"{name:<{width}}  won {doc['won'][side]:>3} of {len(both)}  (version {which};"
            f" decisions median {ds['median']} s, p95 {ds['p95']} s, max {ds['max']} s)"
        )
    print(f"only today won: {len(only_today)} {only_today}")
    print(f"only {label} won: {len(only_other)} {only_other}")
    print(f"the same actions in {same} of {len(both)} games")
    print(f"{doc['wall_seconds']} s in all")
    if interrupted:
        print("interrupted: the counts are of the games both sides finished")
    print(f"sign_test_p {doc['sign_test_p']}")
    return 130 if interrupted else 0


def _won(g: dict[str, Any]) -> bool:
    return bool(g["result"] == "won")


@contextmanager
def _other(
    ref: str, settings: dict[str, Any]
) -> Iterator[tuple[str, str, str | None, dict[str, Any]]]:
    """(label, version, PYTHONPATH directory or None, settings) of the other side: a git ref
    checked out for the run (with ``--settings`` too), or ``settings:K=V,...`` on today's code
    (over ``--settings``)."""
    if ref.startswith("settings:"):
        other = {**settings, **parse_settings(ref.removeprefix("settings:"))}
        # e.g. "settings:" alone: not the defaults, today's own settings
        same = [_settings({"at_the_table": False, "settings": x}) for x in (other, settings)]
        if same[0] == same[1]:
            print(
                f"note: --against {ref} is --settings itself: both sides play alike",
                file=sys.stderr,
            )
        yield ref, today(), None, other
        return
    with checked_out(ref) as (commit, tree):
        yield ref, commit[:12], tree, settings


def one_mission(args: argparse.Namespace) -> int:
    import crew.table.jobs as table_mod
    from crew.engine import new_attempt
    from crew.table.selfplay import SelfPlay

    times: list[float] = []
    choose = getattr(table_mod, "choose_action")  # noqa: B009 (replaced below, for timing)

    def timed(view, memory, rng, cfg):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        d = choose(view, memory, rng, cfg)
        if view.phase == "play":
            times.append(time.perf_counter() - t0)
        return d

    setattr(table_mod, "choose_action", timed)  # noqa: B010
    settings = _settings({"at_the_table": args.at_the_table, "settings": {}})
    won = 0
    for i in range(args.games):
        seed = int(args.seed) + i
        t = SelfPlay(
            new_attempt(args.players, args.mission, seed=seed),
            frozenset(range(args.players)),
            seed,
            settings,
        )
        t.run()
        won += t.state.result == "won"
    p95 = _pct(times, 0.95)
    print(f"search {_search()}")
    print(f"games {args.games} won {won} card decisions {len(times)}")
    print(f"median {statistics.median(times):.3f} s, max {max(times):.3f} s")
    print(f"bot_card_decision_p95_seconds {p95:.3f}")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--worker"]:
        return worker()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--logbook", action="store_true", help="every logbook mission (a table)")
    ap.add_argument(
        "--against",
        metavar="REF",
        help="today's computers against a git ref, or settings:K=V,... (the same seeds)",
    )
    ap.add_argument("--missions", default="1-33", help="the missions, e.g. 11-33 or 11,18-25")
    ap.add_argument("--json", action="store_true", help="one JSON document")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--mission", type=int, default=5)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", default="1")
    ap.add_argument(
        "--at-the-table", action="store_true", help="the app's settings: a deadline per decision"
    )
    ap.add_argument("--settings", default="", help="today's settings changed: K=V,...")
    ap.add_argument(
        "--losses", action="store_true", help="with --logbook: the turning point of each loss"
    )
    ap.add_argument("--records", metavar="DIR", help="with --logbook: keep each game's record")
    ap.add_argument("--out", metavar="FILE", help="append one JSON line per game to FILE")
    ap.add_argument("--resume", action="store_true", help="skip the games already in --out")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument(
        "--solver-nodes",
        type=int,
        default=None,
        help="with --logbook: positions per open-hand verdict (default crew selfplay's)",
    )
    args = ap.parse_args()
    if args.games is None:
        args.games = 20 if args.logbook else 2 if args.against else 5
    if args.solver_nodes is None:
        from crew.cli.options import DEFAULT_VERDICT_NODES

        args.solver_nodes = DEFAULT_VERDICT_NODES
    if args.workers < 1:
        raise SystemExit("--workers: at least 1")
    if args.resume and not args.out:
        raise SystemExit("--resume: name the file to go on with (--out FILE)")
    try:
        if args.against:
            return against(args)
        return logbook(args) if args.logbook else one_mission(args)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())

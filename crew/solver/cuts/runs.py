"""Cuts on runs of won tricks: a run a task needs takes at least that many more tricks, and a
seat that may never win so many in a row can take only so many of the tricks left."""

from __future__ import annotations

from typing import ClassVar

from crew.engine.search import Node, SearchForm
from crew.engine.task_base import RunMode, current_run

from .base import Fit, Stage, TaskCut

__all__ = ["Run", "most_without_run"]


class Run(TaskCut):
    """A run of ``count`` won tricks, as ``mode`` says: at least once (the owner goes on with
    its current run or starts again, so it must win at least ``count`` less that run), exactly
    ``count`` tricks in all won in a row (``count`` less those it has), or never (at most
    :func:`most_without_run` of the tricks left). A run one task needs is one another
    forbids when it is as long. Reads the owner's trick count and its current run."""

    STAGES: ClassVar[Stage] = Stage.VECTOR

    def __init__(self, task: int, owner: int, count: int, mode: RunMode) -> None:
        super().__init__(task, owner)
        self.count = count
        self.never = mode == RunMode.NEVER
        self.exactly = mode == RunMode.EXACTLY

    def bound(self, form: SearchForm, node: Node, fit: Fit) -> None:
        owner = self.owner
        if self.never:
            run = current_run(owner, node.tricks)
            fit.cap(owner, most_without_run(self.count, run, fit.remaining))
            fit.never[owner] = min(fit.never.get(owner, self.count), self.count)
            return
        if self.exactly:
            fit.floor(owner, self.count - node.counts[owner])
        else:  # go on with the current run, or start again
            fit.floor(owner, self.count - current_run(owner, node.tricks))
        fit.runs[owner] = max(fit.runs.get(owner, 0), self.count)


def most_without_run(n: int, run: int, remaining: int) -> int:
    """The most of ``remaining`` tricks a seat can win without a run of ``n`` won tricks in a
    row, having won the last ``run`` (< ``n``): ``n - 1 - run`` more at once, then a trick
    lost, then ``n - 1`` of every ``n``."""
    first = n - 1 - run
    if remaining <= first:
        return remaining
    rest = remaining - first - 1
    return first + rest - rest // n

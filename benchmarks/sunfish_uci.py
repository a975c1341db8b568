"""Sunfish's UCI interface on the CPU clock: run by ``benchmarks.chess`` with sunfish's own venv.

``.venv-sunfish/bin/python benchmarks/sunfish_uci.py`` speaks UCI on stdin and stdout exactly as
the ``sunfish-uci`` command of the PyPI package ``sunfish`` does (it calls the same ``main``),
with one change: sunfish's clocks (``time.time`` for its in-search deadline, ``time.perf_counter``
for its iteration limits) read ``time.process_time``, the CPU time of this process. So
``go movetime 500`` gives sunfish 0.5 s of its own CPU time, as our engine gets 0.5 s of its
own, whatever else the machine runs. The search runs in a worker thread of this process (the
main thread waits on stdin), and ``process_time`` counts every thread.

This file runs in sunfish's venv, not the course's: it imports nothing of the project.
"""

from __future__ import annotations

import contextlib
import importlib
import time
import types
from typing import Any


class CpuClock(types.ModuleType):
    """The ``time`` module, but for ``time()`` and ``perf_counter()``: this process's CPU time."""

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def cpu_clock() -> CpuClock:
    shim = CpuClock("time")
    shim.time = time.process_time  # type: ignore[attr-defined]
    shim.perf_counter = time.process_time  # type: ignore[attr-defined]
    return shim


def main() -> None:
    sunfish = importlib.import_module("sunfish")
    modules = [sunfish]
    with contextlib.suppress(ImportError):  # an older sunfish has its UCI loop in sunfish.py
        modules.append(importlib.import_module("sunfish_ui.uci"))
    clock = cpu_clock()
    for module in modules:
        if getattr(module, "time", None) is time:
            vars(module)["time"] = clock
    sunfish.main()


if __name__ == "__main__":
    main()

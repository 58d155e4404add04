"""Long searches run one at a time on a thread of the lowest CPU priority
(five hardest-case disputes in flight must leave ordinary traffic its throughput)."""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

import pytest

from referee.rulings.search import gate
from referee.service.analysis_gate import (
    LOW_PRIORITY,
    FileGate,
    LowPriorityRunner,
    install_file_gate,
)


def _locked_elsewhere(path: Path) -> bool:
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def test_a_long_search_runs_at_nice_19_on_its_own_thread_under_the_lock(
    tmp_path: Path,
) -> None:
    lock = tmp_path / "analysis.lock"
    run = LowPriorityRunner(FileGate(lock))
    caller = threading.get_native_id()
    before = os.getpriority(os.PRIO_PROCESS, caller)

    def search() -> tuple[int, int, bool]:
        me = threading.get_native_id()
        return me, os.getpriority(os.PRIO_PROCESS, me), _locked_elsewhere(lock)

    thread, nice, locked = run(search)
    assert thread != caller and nice == LOW_PRIORITY and locked
    assert run(search)[0] == thread  # one thread per process, kept
    assert os.getpriority(os.PRIO_PROCESS, caller) == before  # the caller's untouched
    assert not _locked_elsewhere(lock)  # released once answered


def test_an_error_in_the_search_reaches_the_caller_and_frees_the_lock(tmp_path: Path) -> None:
    lock = tmp_path / "analysis.lock"
    run = LowPriorityRunner(FileGate(lock))

    def broken() -> None:
        raise MemoryError("engine")

    with pytest.raises(MemoryError, match="engine"):
        run(broken)
    assert not _locked_elsewhere(lock)


def test_install_file_gate_installs_the_runner_or_nothing(tmp_path: Path) -> None:
    before = gate.runner()
    try:
        install_file_gate(str(tmp_path / "analysis.lock"))
        assert isinstance(gate.runner(), LowPriorityRunner)
        install_file_gate("")
        assert gate.runner() is None
    finally:
        gate.set_runner(before)


def test_a_search_that_may_not_wait_is_busy_while_another_runs(tmp_path: Path) -> None:
    """The entry form's aid never queues a request thread behind a long search."""
    lock = tmp_path / "analysis.lock"
    run = LowPriorityRunner(FileGate(lock))
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another worker's long search
        with pytest.raises(gate.Busy):
            run(lambda: 1, wait=False)
    finally:
        os.close(fd)
    assert run(lambda: 2, wait=False) == 2  # free again: it runs


def test_past_the_waiting_bound_a_long_search_is_crowded_out_at_once(tmp_path: Path) -> None:
    """Requests waiting for a long search hold their threads: at most ``most_waiting`` of
    one process wait, a further one is refused at once, and a place is free again as soon
    as one of them is answered."""
    lock = tmp_path / "analysis.lock"
    run = LowPriorityRunner(FileGate(lock), most_waiting=2)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    answers: list[int] = []
    fcntl.flock(fd, fcntl.LOCK_EX)  # another worker's long search
    try:
        waiting = [
            threading.Thread(target=lambda n=n: answers.append(run(lambda: n))) for n in (1, 2)
        ]
        for t in waiting:
            t.start()
        while run.waiting < 2:
            threading.Event().wait(0.01)
        with pytest.raises(gate.Crowded):
            run(lambda: 3)
        with pytest.raises(gate.Crowded):
            run(lambda: 4, wait=False)
    finally:
        os.close(fd)  # the other worker is done
    for t in waiting:
        t.join(timeout=30)
    assert sorted(answers) == [1, 2] and run.waiting == 0
    assert run(lambda: 5) == 5


def test_without_a_bound_any_number_wait(tmp_path: Path) -> None:
    """A bulk-job worker's searches hold no request: it installs no bound."""
    run = LowPriorityRunner(FileGate(tmp_path / "analysis.lock"))
    assert run.most_waiting is None
    assert run(lambda: 1) == 1

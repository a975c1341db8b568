"""A class's whole cycle on the trial hub, as its users do it: the instructor releases class 3
with nbgrader's commands in a terminal of the hub (here ``runuser``); three students fetch it,
answer and submit through their servers on the hub (nbgrader's Assignments handlers, which the
Assignments tab calls, and the contents API, through the hub's proxy); the instructor collects,
autogrades, generates and releases the feedback; the students fetch their feedback.

One student answers right, one wrong (the child's window swapped but not negated), one with a
loop that never ends. The gradebook holds their grades, and the wrong answer's feedback shows
the course's counterexample. The times (release to feedback, autograde per submission) and a
student's server's memory with a lecture run in its kernel go to artifacts/hub-measures.json.
"""

from __future__ import annotations

import html
import json
import time
from typing import Any

import psutil
import pytest
import requests
from test_course import AUTOGRADED, SOLUTION_CELL, TREES_CLASS, WRITTEN, WRONG

from .conftest import ROOT, Hub
from .student_browser import assignments_tab

COURSE_ID = "gamesolver"
NOTEBOOK = "Game-Trees.ipynb"
FEEDBACK = "Game-Trees.html"


def grade_id(cell: dict[str, Any]) -> str | None:
    return cell["metadata"].get("nbgrader", {}).get("grade_id")


def lecture_solutions(hub: Hub) -> dict[str, str]:
    """The instructor's solution cells of the class's Game-Trees notebook, by grade id."""
    path = hub.home(hub.instructor) / "course" / "source" / TREES_CLASS / NOTEBOOK
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return {
        grade_id(c): "".join(c["source"])  # type: ignore[misc]
        for c in cells
        if c["cell_type"] == "code" and c["metadata"].get("nbgrader", {}).get("solution")
    }


def answer(hub: Hub, student: str, solutions: dict[str, str]) -> None:
    """The student's fetched Game-Trees notebook, its solution cells written and saved, through
    the server's contents API."""
    path = f"/user/{student}/api/contents/{TREES_CLASS}/{NOTEBOOK}"
    model = hub.api("GET", path).json()
    for cell in model["content"]["cells"]:
        if grade_id(cell) in solutions:
            cell["source"] = solutions[grade_id(cell)]  # type: ignore[index]
    hub.api("PUT", path, json={"type": "notebook", "content": model["content"]})


def action(hub: Hub, student: str, what: str) -> list[dict[str, Any]]:
    """nbgrader's Assignments action (fetch, submit, fetch_feedback) on the student's server, as
    the tab's buttons send it; the assignments it lists after."""
    body = {"assignment_id": TREES_CLASS, "course_id": COURSE_ID}
    said = hub.api("POST", f"/user/{student}/assignments/{what}", json=body).json()
    assert said["success"], said
    return said["value"]  # type: ignore[no-any-return]


def instructor(hub: Hub, *arguments: str) -> float:
    """``nbgrader ARGUMENTS`` as the instructor in the course folder; its seconds."""
    start = time.perf_counter()
    done = hub.run_as(
        hub.instructor, "nbgrader", *arguments, cwd=hub.home(hub.instructor) / "course"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return time.perf_counter() - start


def feedback_page(hub: Hub, student: str, timeout: float = 120) -> str:
    """The student's fetched feedback page of Game-Trees, once it is in their folder."""
    deadline = time.monotonic() + timeout
    folder = f"/user/{student}/api/contents/{TREES_CLASS}/feedback"
    while True:
        try:
            [stamp] = hub.api("GET", folder).json()["content"]
            page = hub.api("GET", f"/user/{student}/api/contents/{stamp['path']}/{FEEDBACK}")
            return page.json()["content"]  # type: ignore[no-any-return]
        except requests.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


@pytest.fixture(scope="module")
def cycle(hub: Hub) -> dict[str, Any]:
    """The whole cycle, timed: what each student fetched as feedback, the seconds."""
    right, wrong, endless = hub.students
    lecture = lecture_solutions(hub)
    assert SOLUTION_CELL in lecture and len(lecture) == 2
    answers = {
        right: lecture,
        wrong: {**lecture, SOLUTION_CELL: WRONG["window"]},
        endless: {**lecture, SOLUTION_CELL: WRONG["loop"]},
    }
    for student in hub.students:
        hub.start_server(student)
    password = (hub.run / "password").read_text().strip()
    with assignments_tab(hub, right, password, TREES_CLASS) as tab:
        start = time.perf_counter()
        instructor(hub, "release_assignment", TREES_CLASS)
        tab.refresh()
        tab.click("released", "Fetch", then="fetched", step="fetched")  # in the browser
        answer(hub, right, answers[right])
        tab.click("fetched", "Submit", then="submitted", step="submitted")
        for student in (wrong, endless):  # the two others through their servers' API
            [listed] = [
                a for a in action(hub, student, "fetch") if a["assignment_id"] == TREES_CLASS
            ]
            assert listed["status"] == "fetched"
            answer(hub, student, answers[student])
            submitted = action(hub, student, "submit")
            assert any(a["status"] == "submitted" for a in submitted), submitted
        instructor(hub, "collect", TREES_CLASS)
        autograde = {
            s: instructor(hub, "autograde", TREES_CLASS, "--student", s) for s in hub.students
        }
        instructor(hub, "generate_feedback", TREES_CLASS)
        instructor(hub, "release_feedback", TREES_CLASS)
        tab.refresh()
        tab.click("submitted", "Fetch Feedback", then="submitted", step="fetching-feedback")
        for student in (wrong, endless):
            action(hub, student, "fetch_feedback")
        feedback = {student: feedback_page(hub, student) for student in hub.students}
        tab.refresh()
        tab.shot("feedback")
    seconds = time.perf_counter() - start
    measures = {
        "release_to_feedback_s": round(seconds, 1),
        "autograde_s": {s: round(t, 1) for s, t in autograde.items()},
    }
    return {"feedback": feedback, "answers": answers, "measures": measures}


def scores(hub: Hub) -> dict[str, tuple[float, float]]:
    from nbgrader.api import Gradebook

    path = hub.home(hub.instructor) / "course" / "gradebook.db"
    with Gradebook(f"sqlite:///{path}") as gradebook:
        return {
            s.student.id: (s.score, s.max_score)
            for s in gradebook.assignment_submissions(TREES_CLASS)
        }


def test_the_gradebook_holds_the_expected_grades(hub: Hub, cycle: dict[str, Any]) -> None:
    right, wrong, endless = hub.students
    full = AUTOGRADED + WRITTEN  # the written answers wait for the Formgrader: 0 so far
    assert scores(hub) == {
        right: (AUTOGRADED, full),
        wrong: (AUTOGRADED - 2, full),  # my_alpha_beta's test (2 points) fails
        endless: (AUTOGRADED - 2, full),
    }


def test_the_feedback_shows_the_counterexample_and_the_time_out(
    hub: Hub, cycle: dict[str, Any]
) -> None:
    from gamesolver.feedback.exercises import check_algorithm

    right, wrong, endless = hub.students
    namespace: dict[str, Any] = {}
    exec(WRONG["window"], namespace)
    check = check_algorithm(namespace["my_alpha_beta"], spec="alpha_beta")
    assert not check.passed and check.example is not None
    shown = cycle["feedback"]
    assert html.escape(check.example.text()) in shown[wrong]
    assert "ran out of time" in shown[endless] or "did not return within" in shown[endless]
    assert "counterexample" not in shown[right]


def test_a_students_server_with_a_lecture_run(hub: Hub, cycle: dict[str, Any]) -> None:
    """A student's server and kernel after the kernel ran a whole lecture (Game-Trees): their
    memory (RSS, MB) goes with the cycle's times to artifacts/hub-measures.json."""
    student = hub.students[0]
    kernel = hub.api("POST", f"/user/{student}/api/kernels", json={"name": "python3"}).json()
    lecture = ROOT / "notebooks" / NOTEBOOK
    code = f"import os\nos.chdir({str(lecture.parent)!r})\n%run {NOTEBOOK}\nprint('lecture done')"
    said = execute(hub, student, kernel["id"], code)
    assert "lecture done" in said, said
    processes = [p for p in psutil.process_iter(["username", "memory_info", "cmdline"])]
    mine = [p for p in processes if p.info["username"] == student]
    rss = {
        "kernel" if "ipykernel_launcher" in " ".join(p.info["cmdline"]) else "server": p.info[
            "memory_info"
        ].rss
        / 2**20
        for p in mine
    }
    assert rss.keys() == {"kernel", "server"}, mine
    measures = {**cycle["measures"], "student_memory_mb": {k: round(v) for k, v in rss.items()}}
    (ROOT / "artifacts").mkdir(exist_ok=True)
    (ROOT / "artifacts" / "hub-measures.json").write_text(json.dumps(measures, indent=1))
    print(json.dumps(measures))
    hub.api("DELETE", f"/user/{student}/api/kernels/{kernel['id']}")


def execute(hub: Hub, user: str, kernel: str, code: str, timeout: float = 300) -> str:
    """Run ``code`` in the user's kernel through the hub (the kernel's websocket); its stream
    output and any error, once the kernel is idle again."""
    import uuid

    import websocket  # websocket-client, a dependency of jupyter_server

    ws_url = hub.url.replace("http", "ws", 1) + f"/user/{user}/api/kernels/{kernel}/channels"
    ws = websocket.create_connection(
        ws_url, header=[f"Authorization: token {hub.token}"], timeout=timeout
    )
    msg_id = uuid.uuid4().hex
    ws.send(
        json.dumps(
            {
                "header": {
                    "msg_id": msg_id,
                    "msg_type": "execute_request",
                    "username": user,
                    "session": uuid.uuid4().hex,
                    "version": "5.3",
                },
                "parent_header": {},
                "metadata": {},
                "content": {
                    "code": code,
                    "silent": False,
                    "store_history": False,
                    "user_expressions": {},
                    "allow_stdin": False,
                },
                "channel": "shell",
            }
        )
    )
    said = []
    try:
        while True:
            opcode, data = ws.recv_data()
            if opcode != websocket.ABNF.OPCODE_TEXT:
                continue  # a message with binary buffers (a widget's): not what the cell printed
            message = json.loads(data)
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "stream":
                said.append(content["text"])
            elif kind == "error":
                said.append(f"{content['ename']}: {content['evalue']}")
            elif kind == "status" and content["execution_state"] == "idle":
                return "".join(said)
    finally:
        ws.close()


def test_the_formgrader_is_the_instructors_alone(hub: Hub, cycle: dict[str, Any]) -> None:
    """The instructor's Formgrader reads the course folder (the class, its three submissions);
    a student's server has no Formgrader."""
    hub.start_server(hub.instructor)
    assignments = hub.api("GET", f"/user/{hub.instructor}/formgrader/api/assignments").json()
    [graded] = [a for a in assignments if a["name"] == TREES_CLASS]
    assert graded["num_submissions"] == len(hub.students)
    student = hub.students[0]
    headers = {"Authorization": f"token {hub.token}"}
    url = f"{hub.url}/user/{student}/formgrader/api/assignments"
    assert requests.get(url, headers=headers, timeout=60).status_code == 404

"""nbgrader's configuration for the gamesolver course: run nbgrader's commands in this folder.

`make release` builds source/ from the lectures (gamesolver/tools/course.py) and the students'
copies in release/; the rest (submitted/, autograded/, feedback/, gradebook.db) is nbgrader's, and
nothing here but this file is committed. docs/teaching.md shows the flow.
"""

from pathlib import Path

from gamesolver.tools.autograde import autograde_preprocessors, sanitize_preprocessors
from gamesolver.tools.feedback import feedback_preprocessors, finish

c = get_config()  # noqa: F821 (nbgrader's config loader defines it)

c.CourseDirectory.course_id = "gamesolver"
c.CourseDirectory.root = str(Path(__file__).resolve().parent)
c.CourseDirectory.source_directory = "source"
c.CourseDirectory.release_directory = "release"
c.CourseDirectory.submitted_directory = "submitted"
c.CourseDirectory.autograded_directory = "autograded"
c.CourseDirectory.feedback_directory = "feedback"

# Autograding (gamesolver/tools/autograde.py): a test cell a student deleted is put back; only
# notebooks with a graded code cell run, where the lecture runs them (the notebooks they load
# beside them), without their cells tagged `demo`; the kernel runs in a sandbox (bubblewrap: no
# course directory, no network; `CourseKernelManager.sandbox = False` turns it off for work you
# trust) under a memory limit (MB of address space); every cell gets `timeout` seconds, then the
# kernel is interrupted, the cell shows "ran out of time (60 s for a cell)" (its test fails) and
# the next cell runs.
c.Autograde.sanitize_preprocessors = sanitize_preprocessors()
c.Autograde.autograde_preprocessors = autograde_preprocessors()
c.Execute.timeout = 60
c.Execute.interrupt_on_timeout = True
c.CourseKernelManager.memory_mb = 2048

# Feedback (gamesolver/tools/feedback.py): formulas as MathML (nothing fetched from a CDN), long
# output lines wrapped, no page for a notebook with nothing graded, the points of written answers
# not graded yet said on the page.
c.GenerateFeedback.preprocessors = feedback_preprocessors()
c.GenerateFeedback.post_convert_hook = finish

# What students never see: the solutions (ClearSolutions, nbgrader's markers) and, in the
# released copies, no outputs (ClearOutput): they run the notebooks themselves.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

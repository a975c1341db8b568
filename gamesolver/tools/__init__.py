"""What a lecturer, a grader or a player at a terminal runs: the course's tools (the command
line, terminal play, the assignment's grader, the play pages, the students' copies and their
grading, the syllabus, the slides); ``docs/design.md`` lists the modules.
"""

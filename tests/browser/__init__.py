"""Browser tests: the notebooks in JupyterLab and Voila, driven by Playwright and Chromium.

A package, so that its ``conftest`` does not shadow ``tests/conftest.py`` as the module
``conftest`` (the other tests import helpers from it).
"""

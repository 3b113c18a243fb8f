# Builds and installs the apicheck CLI, as the Swift command-line tools users know do:
#
#   make install                          release build, installed (stripped) to /usr/local/bin/apicheck
#   make install PREFIX=$HOME/.local      elsewhere; DESTDIR is honoured for packaging
#   make uninstall
#
# On Linux the binary links the Swift runtime of the toolchain that built it; for a binary that runs without a
# toolchain, build with SWIFT_FLAGS=--static-swift-stdlib.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
SWIFT_FLAGS ?=
BUILD = $(SWIFT) build -c release --product apicheck $(SWIFT_FLAGS)

.PHONY: build install uninstall

build:
	$(BUILD)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(BUILD) --show-bin-path)/apicheck" "$(DESTDIR)$(BINDIR)/apicheck"
	strip "$(DESTDIR)$(BINDIR)/apicheck"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/apicheck"

# Builds and installs the apicheck CLI, as the Swift command-line tools users know do:
#
#   make install                          release build, installed (stripped) to /usr/local/bin/apicheck, with its
#                                         man page (man apicheck) and bash, zsh and fish completions
#   make install PREFIX=$HOME/.local      elsewhere; DESTDIR is honoured for packaging
#   make uninstall
#
# On Linux the binary links the Swift runtime of the toolchain that built it; for a binary that runs without a
# toolchain, build with SWIFT_FLAGS=--static-swift-stdlib. The binary loads libcurl (libcurl4) only when it first sends
# an https request.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
SWIFT ?= swift
SWIFT_FLAGS ?=
BUILD = $(SWIFT) build -c release --product apicheck $(SWIFT_FLAGS)

.PHONY: build install uninstall

build:
	$(BUILD)

install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"
	install -m 0755 "$$($(BUILD) --show-bin-path)/apicheck" "$(DESTDIR)$(BINDIR)/apicheck"
	strip "$(DESTDIR)$(BINDIR)/apicheck"
	install -m 0644 docs/man/apicheck.1 "$(DESTDIR)$(MANDIR)/man1/apicheck.1"
	"$(DESTDIR)$(BINDIR)/apicheck" --generate-completion-script bash > "$(DESTDIR)$(BASH_COMPLETION_DIR)/apicheck"
	"$(DESTDIR)$(BINDIR)/apicheck" --generate-completion-script zsh > "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_apicheck"
	"$(DESTDIR)$(BINDIR)/apicheck" --generate-completion-script fish > "$(DESTDIR)$(FISH_COMPLETION_DIR)/apicheck.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/apicheck" "$(DESTDIR)$(MANDIR)/man1/apicheck.1" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)/apicheck" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_apicheck" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)/apicheck.fish"

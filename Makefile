# encbench - GNU make build. Objects go under $(BUILD); see README.md.

CC ?= cc
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BUILD ?= build
FUZZ_SECONDS ?= 60
CORPUS ?= $(abspath ../shared/corpus)
STRIP ?= strip

# One job per CPU unless the command line says -j.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

PKGS = jansson cairo freetype2 zlib
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wformat=2 -Wvla -Wpointer-arith -Wundef \
       -Wcast-qual -Wwrite-strings -Wno-format-nonliteral
# CI builds treat every warning as an error.
ifneq ($(CI),)
WARN += -Werror
endif
CFLAGS ?= -O2 -g
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -DEB_HAVE_FREETYPE $(WARN) $(CFLAGS) $(PKG_CFLAGS) -MMD -MP
LIBS = $(PKG_LIBS) -lcsv -lm -pthread

LIB_SRC := $(wildcard core/*.c ingest/*.c analyze/*.c render/*.c)
CLI_SRC := $(wildcard cli/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o)
TESTS := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
LIBA := $(BUILD)/libencbench.a
BIN := $(BUILD)/encbench
# encbench-sample, which the runner wraps around every test, links only its
# own two files: it has to start fast and stay small.
SAMPLER_SRC := runner/sampler/sampler.c runner/sampler/encbench-sample.c
SAMPLER_OBJ := $(SAMPLER_SRC:%.c=$(BUILD)/%.o)
SAMPLER := $(BUILD)/encbench-sample
# The runner's fscrypt backend adds and removes raw keys with this helper.
FSCRYPT_HELPER := $(BUILD)/encbench-fscrypt
RUNNER_TOOLS := $(SAMPLER) $(FSCRYPT_HELPER)

.SECONDARY:
.PHONY: all check sanitize fuzz valgrind install uninstall clean deps demo demo-html bench

all: $(BIN) $(RUNNER_TOOLS)

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIBA): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIBA)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBA) $(LIBS)

$(SAMPLER): $(SAMPLER_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(SAMPLER_OBJ) -lm

# The sampler's unit tests drive its counters directly.
$(BUILD)/tests/test_sample: $(BUILD)/tests/unit/test_sample.o $(BUILD)/runner/sampler/sampler.o $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) -lcmocka

# The option parser's tests read the command tables themselves.
$(BUILD)/tests/test_args: $(BUILD)/tests/unit/test_args.o $(filter-out $(BUILD)/cli/main.o,$(CLI_OBJ)) $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) -lcmocka

$(FSCRYPT_HELPER): runner/encbench-fscrypt.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LIBS) -lcmocka

check: $(BIN) $(RUNNER_TOOLS) $(TESTS)
	@BUILD=$(BUILD) CORPUS=$(CORPUS) sh tests/run.sh $(TESTS)

# ASan and UBSan over the whole suite, in a build tree of their own; every
# finding stops the program. GCC's "undefined" leaves out float-cast-overflow
# (a double too large for its integer), so it is named.
SAN = -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all
sanitize:
	$(MAKE) BUILD=build/sanitize \
	    CFLAGS="-O1 -g -fno-omit-frame-pointer $(SAN)" \
	    LDFLAGS="$(SAN)" check

valgrind: $(BIN) $(RUNNER_TOOLS) $(TESTS)
	@BUILD=$(BUILD) CORPUS=$(CORPUS) VALGRIND=1 sh tests/run.sh $(TESTS)

# libFuzzer harnesses (clang), one per parser, seeded from tests/data and
# samples; each runs for FUZZ_SECONDS.
FUZZ_CC = clang
FUZZ_FLAGS = -std=c11 -D_GNU_SOURCE -DEB_HAVE_FREETYPE -g -O1 $(PKG_CFLAGS)
FUZZ_SAN = -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all
FUZZERS := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzz/%)
FUZZ_OBJ := $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o)

$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(BUILD)/fuzz/%: tests/fuzz/%.c $(FUZZ_OBJ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(LIBS)

fuzz: $(FUZZERS)
	@for f in $(FUZZERS); do \
	    name=$${f##*/}; seeds=tests/fuzz/seeds/$${name#fuzz_}; \
	    mkdir -p $(BUILD)/fuzz/corpus/$$name; \
	    echo "fuzz: $$name for $(FUZZ_SECONDS) s"; \
	    $$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	        -print_final_stats=0 $$( [ -f tests/fuzz/$$name.dict ] && echo -dict=tests/fuzz/$$name.dict ) \
	        $(BUILD)/fuzz/corpus/$$name $$seeds >$(BUILD)/fuzz/$$name.log 2>&1 \
	        || { tail -40 $(BUILD)/fuzz/$$name.log; exit 1; }; \
	    grep -E '^Done [0-9]+ runs' $(BUILD)/fuzz/$$name.log | sed "s/^/  $$name: /"; \
	done

DATADIR = $(PREFIX)/share/encbench
FIO_JOBS := $(notdir $(wildcard runner/fio/*.fio))
MANPAGES = encbench.1 encbench-run.1
# STRIP= installs the binary as built (for packagers who strip it later).
INSTALL_STRIP = $(if $(STRIP),-s --strip-program=$(STRIP))

# Man pages go in compressed with gzip -9n, as Debian policy 12.1 asks: -n
# keeps the name and time out of the header so the bytes are reproducible.
install: $(BIN) $(RUNNER_TOOLS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(DATADIR)/fio
	install -m 755 $(INSTALL_STRIP) $(BIN) $(DESTDIR)$(BINDIR)/encbench
	install -m 755 $(INSTALL_STRIP) $(SAMPLER) $(DESTDIR)$(BINDIR)/encbench-sample
	install -m 755 $(INSTALL_STRIP) $(FSCRYPT_HELPER) $(DESTDIR)$(BINDIR)/encbench-fscrypt
	sed 's|^LIBDIR=.*|LIBDIR=$${ENCBENCH_RUNNER_LIB:-$(DATADIR)}|' runner/encbench-run > $(DESTDIR)$(BINDIR)/encbench-run
	chmod 755 $(DESTDIR)$(BINDIR)/encbench-run
	install -m 644 $(FIO_JOBS:%=runner/fio/%) $(DESTDIR)$(DATADIR)/fio/
	for m in $(MANPAGES); do \
	    gzip -9n < doc/$$m > $(DESTDIR)$(MANDIR)/$$m.gz && \
	    chmod 644 $(DESTDIR)$(MANDIR)/$$m.gz || exit 1; \
	done

# Removes what install wrote and the folders of its own it leaves empty.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/encbench $(DESTDIR)$(BINDIR)/encbench-run
	rm -f $(DESTDIR)$(BINDIR)/encbench-sample $(DESTDIR)$(BINDIR)/encbench-fscrypt
	rm -f $(MANPAGES:%=$(DESTDIR)$(MANDIR)/%.gz)
	rm -f $(FIO_JOBS:%=$(DESTDIR)$(DATADIR)/fio/%)
	rmdir $(DESTDIR)$(DATADIR)/fio $(DESTDIR)$(DATADIR) 2>/dev/null || true

clean:
	rm -rf build report

deps:
	sh scripts/deps.sh

# encbench against pandas, matplotlib, gnuplot and wc -l; writes
# bench/RESULTS.md (needs hyperfine, gnuplot-nox, python3-pandas and
# python3-matplotlib, which sh scripts/deps.sh --bench installs).
bench: $(BIN)
	ENCBENCH=$(abspath $(BIN)) sh bench/run.sh

# The README's main job: the report of the bundled samples.
demo: $(BIN)
	$(BIN) report -q samples -o report
	@echo "open report/report.md (or report/report.html: make demo-html)"

# The same report with report.html beside report.md: make demo's page stays.
demo-html: $(BIN)
	$(BIN) report -q --format html samples -o report
	@echo "open report/report.html (report/report.md is the same report, in markdown)"

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(SAMPLER_OBJ:.o=.d) $(TEST_SRC:%.c=$(BUILD)/%.d) $(FUZZ_OBJ:.o=.d)

# lib.sh - helpers of the end-to-end tests: run the real encbench and report
# each check as a PASS:/FAIL:/SKIP: line that tests/run.sh counts.
ENCBENCH=${ENCBENCH:-build/encbench}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/eb-e2e.XXXXXX")
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$TMP"' EXIT

eb() { # runs encbench (under valgrind for make valgrind); sets $rc
	${VALGRIND_CMD:-} "$ENCBENCH" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

pass() { echo "PASS: $1"; }
fail() {
	echo "FAIL: $1"
	echo "  exit: $rc"
	sed 's/^/  stdout: /' "$TMP/out" | head -10
	sed 's/^/  stderr: /' "$TMP/err" | head -10
}
skip() { echo "SKIP: $1"; }

expect_rc() { # NAME CODE
	if [ "$rc" -eq "$2" ]; then pass "$1"; else fail "$1 (wanted exit $2)"; fi
}
expect_out() { # NAME EXPECTED-STDOUT
	if [ "$(cat "$TMP/out")" = "$2" ]; then pass "$1"; else
		fail "$1"; printf '%s\n' "$2" | sed 's/^/  wanted: /'; fi
}
expect_err_line() { # NAME EXACT-LINE (one line of stderr equals it)
	if grep -qxF -- "$2" "$TMP/err"; then pass "$1"; else
		fail "$1"; echo "  wanted a stderr line: $2"; fi
}
expect_file_is() { # NAME FILE CONTENT
	if [ "$(cat "$2")" = "$3" ]; then pass "$1"; else fail "$1 ($2 changed)"; fi
}

several_cpus() { # whether there are CPUs to compare one with (and taskset)
	command -v taskset >/dev/null 2>&1 && [ "$(nproc)" -gt 1 ]
}
# same_on_one_cpu NAME PATH [WANTED-EXIT]: "encbench ingest PATH" prints
# the same records, messages and exit on all CPUs as on one; the one-CPU
# run's output stays in $TMP/one (and $TMP/out, $TMP/err).
same_on_one_cpu() {
	eb ingest "$2"
	{ cat "$TMP/out" "$TMP/err"; echo "exit $rc"; } > "$TMP/many"
	all_rc=$rc
	${VALGRIND_CMD:-} taskset -c 0 "$ENCBENCH" ingest "$2" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	{ cat "$TMP/out" "$TMP/err"; echo "exit $rc"; } > "$TMP/one"
	if cmp -s "$TMP/many" "$TMP/one" && [ "$all_rc" -eq "${3:-0}" ]; then
		pass "$1"
	else
		fail "$1"
		diff "$TMP/one" "$TMP/many" | head -5
	fi
}

# deps.sh - the install levels of scripts/deps.sh, by their --print: the
# plain level builds and draws but installs no test, fuzz or benchmark
# tool; each option adds its own; a wrong option is a usage error.
. tests/e2e/lib.sh

level() { # OPTIONS...: the packages, one a line, into $TMP/out; sets $rc
	sh scripts/deps.sh "$@" --print >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

extras() { # the lines of $TMP/out that the plain level has not
	grep -v -x -F -f "$TMP/base" "$TMP/out" | tr '\n' ' '
}

level
cp "$TMP/out" "$TMP/base"
for p in make gcc libc6-dev pkg-config libcsv-dev libjansson-dev libcairo2-dev libfreetype-dev zlib1g-dev fonts-dejavu-core; do
	grep -q -x -F "$p" "$TMP/base" || { fail "the plain level has $p"; continue; }
	pass "the plain level has $p"
done
heavy=$(grep -x -E 'clang|libclang-rt-.*|valgrind|python3-pandas|python3-scipy|python3-matplotlib|hyperfine|locales-all|libcmocka-dev|build-essential' "$TMP/base")
[ -z "$heavy" ] && pass "the plain level has no clang, valgrind, pandas, SciPy, matplotlib, hyperfine, locales-all, cmocka or build-essential" \
	|| fail "the plain level has no clang, valgrind, pandas, SciPy, matplotlib, hyperfine, locales-all, cmocka or build-essential ($heavy)"

level --test
head -n "$(wc -l <"$TMP/base")" "$TMP/out" | cmp -s - "$TMP/base" && pass "--test starts with the plain level" \
	|| fail "--test starts with the plain level"
case " $(extras)" in
" libcmocka-dev python3 gnuplot-nox shellcheck fio "*) pass "--test adds cmocka and the programs the e2e tests call" ;;
*) fail "--test adds cmocka and the programs the e2e tests call ($(extras))" ;;
esac
grep -q -x -E 'clang|valgrind|python3-pandas|hyperfine|locales-all' "$TMP/out" \
	&& fail "--test installs no fuzz or benchmark tool" || pass "--test installs no fuzz or benchmark tool"

level --fuzz
[ "$(extras)" = "clang libclang-rt-14-dev " ] && pass "--fuzz adds clang and its libFuzzer runtime" \
	|| fail "--fuzz adds clang and its libFuzzer runtime ($(extras))"
level --bench
case " $(extras)" in
" hyperfine python3-pandas python3-matplotlib python3-scipy gnuplot-nox time "*)
	pass "--bench adds hyperfine, pandas, matplotlib, SciPy, gnuplot and time" ;;
*) fail "--bench adds hyperfine, pandas, matplotlib, SciPy, gnuplot and time ($(extras))" ;;
esac
level --test --bench
[ "$(grep -c -x gnuplot-nox "$TMP/out")" -eq 1 ] && pass "a package two levels share is named once" \
	|| fail "a package two levels share is named once"
level --all
n=$(wc -l <"$TMP/out")
for p in libcmocka-dev clang valgrind python3-pandas hyperfine locales-all bonnie++; do
	grep -q -x -F "$p" "$TMP/out" || { fail "--all has $p"; continue; }
	pass "--all has $p"
done
[ "$(sort "$TMP/out" | uniq -d)" = "" ] && pass "--all names each of its $n packages once" || fail "--all names each package once"

level --tset
expect_rc "an unknown option is a usage error" 64
expect_err_line "it is named" "deps.sh: unknown option '--tset'"

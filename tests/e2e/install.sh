# install.sh - make install into a DESTDIR writes exactly the stripped
# binaries, the gzip -9n man pages and the fio jobs, and make uninstall
# removes exactly those, leaving what was there before.
. tests/e2e/lib.sh

# The make running this suite hands its job server and flags down through
# the environment; this make is a new one of its own.
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory \
		BUILD="${BUILD:-build}" PREFIX=/usr/local DESTDIR="$TMP/root" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	rc=$?
}
files() { (cd "$TMP/root" && find . -type f -o -type l | LC_ALL=C sort); }

if ! command -v make >/dev/null 2>&1 || ! command -v readelf >/dev/null 2>&1; then
	skip "make install (needs make and readelf)"
	exit 0
fi
mkdir -p "$TMP/root/usr/local/bin" "$TMP/root/usr/local/share/man/man1"
echo mine >"$TMP/root/usr/local/bin/other"
echo mine >"$TMP/root/usr/local/share/man/man1/other.1.gz"
files >"$TMP/before"

mk install
expect_rc "make install DESTDIR=... exits 0" 0
files >"$TMP/after"
printf '%s\n' ./usr/local/bin/encbench ./usr/local/bin/encbench-fscrypt ./usr/local/bin/encbench-run ./usr/local/bin/encbench-sample \
	./usr/local/bin/other \
	./usr/local/share/encbench/fio/rand-read.fio ./usr/local/share/encbench/fio/rand-write.fio \
	./usr/local/share/encbench/fio/seq-read.fio ./usr/local/share/encbench/fio/seq-write.fio \
	./usr/local/share/man/man1/encbench-run.1.gz ./usr/local/share/man/man1/encbench.1.gz \
	./usr/local/share/man/man1/other.1.gz >"$TMP/want"
if cmp -s "$TMP/want" "$TMP/after"; then pass "make install writes exactly its ten files beside the two it found"; else
	fail "make install writes exactly its ten files beside the two it found"; diff "$TMP/want" "$TMP/after" | head; fi

bin=$TMP/root/usr/local/bin/encbench
if readelf -S "$bin" | grep -q '\.symtab' || ! readelf -S "${BUILD:-build}/encbench" | grep -q '\.symtab'; then
	fail "the installed binary is stripped (the built one is not)"
else
	pass "the installed binary is stripped (the built one is not)"
fi
"$bin" --version >"$TMP/out" 2>"$TMP/err"; rc=$?
expect_out "the stripped binary runs" "$("${BUILD:-build}/encbench" --version)"

for m in encbench encbench-run; do
	gz=$TMP/root/usr/local/share/man/man1/$m.1.gz
	# gzip's header: magic 1f 8b, method 8, flags 0 (no name), mtime 0,
	# extra flags 2 (-9).
	head=$(od -An -tx1 -N10 "$gz" | tr -d ' \n')
	if [ "$head" = 1f8b0800000000000203 ] && gzip -dc "$gz" | cmp -s - "doc/$m.1"; then
		pass "$m.1.gz is doc/$m.1 by gzip -9n (no name, no time, best compression)"
	else
		fail "$m.1.gz is doc/$m.1 by gzip -9n (header $head)"
	fi
done
perm=$(stat -c %a "$bin" "$TMP/root/usr/local/share/man/man1/encbench.1.gz" | tr '\n' ' ')
[ "$perm" = "755 644 " ] && pass "modes 755 and 644" || fail "modes 755 and 644 ($perm)"

mk install
files >"$TMP/again"
cmp -s "$TMP/after" "$TMP/again" && pass "a second make install writes the same files" \
	|| fail "a second make install writes the same files"

mk uninstall
expect_rc "make uninstall exits 0" 0
files >"$TMP/gone"
if cmp -s "$TMP/before" "$TMP/gone"; then pass "make uninstall leaves the files that were there before, and only those"; else
	fail "make uninstall leaves the files that were there before, and only those"; diff "$TMP/before" "$TMP/gone" | head; fi
[ ! -e "$TMP/root/usr/local/share/encbench" ] && pass "make uninstall removes share/encbench, which it made" \
	|| fail "make uninstall removes share/encbench, which it made"

mk install STRIP=
if cmp -s "$bin" "${BUILD:-build}/encbench"; then pass "make install STRIP= installs the binary as built"; else
	fail "make install STRIP= installs the binary as built"; fi
mk uninstall

# inputs_guard.sh - options that would change nothing, or destroy an
# input, are said so (audit 13 K25).
. tests/e2e/lib.sh

S=samples/legacy-20.04
M=$S/zfs-encryption-20.04.map.json

# -o naming the --map file would overwrite the map with the results.
cp "$M" "$TMP/map.json"
eb ingest --map "$TMP/map.json" -o "$TMP/map.json" "$S/zfs-encryption-20.04.csv"
expect_rc "inputs guard: -o onto the --map file is refused" 64
expect_file_is "inputs guard: the map is left as it was" "$TMP/map.json" "$(cat "$M")"

# A --map over inputs none of which is a spreadsheet is used by nothing.
eb ingest --map "$M" tests/data/fio/terse-v5.txt
expect_rc "inputs guard: an unused --map is no error" 0
expect_err_line "inputs guard: an unused --map is warned of" \
	"encbench: warning: --map $M changed nothing: only the spreadsheet reader takes it, and no input was a spreadsheet"
[ "$(grep -c ',fio,tv5,,read,,bw,B/s,1,109470720,' "$TMP/out")" -eq 1 ] && pass "inputs guard: the records are written" ||
	fail "inputs guard: the records are written"

eb ingest --map "$M" "$S/zfs-encryption-20.04.csv"
expect_rc "inputs guard: a used --map" 0
[ "$(grep -c 'changed nothing' "$TMP/err")" -eq 0 ] && pass "inputs guard: a used --map is not warned of" ||
	fail "inputs guard: a used --map is not warned of"

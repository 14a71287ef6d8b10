# cut_tables.sh - one figure given twice in a sheet, and bonnie++ tables cut
# short: each is a located error, exit 65, and -o left as it was.
. tests/e2e/lib.sh
H=$TMP/cut
mkdir -p "$H"

# refused NAME FILE LINE [ARGS...]: ingest -o FILE fails with exit 65 and
# exactly LINE on stderr, and the output file is untouched.
refused() {
	name=$1 file=$2 line=$3
	shift 3
	echo "kept" > "$TMP/keep.csv"
	eb ingest -q -o "$TMP/keep.csv" "$@" "$file"
	if [ "$rc" -ne 65 ]; then fail "$name (wanted exit 65)"
	elif ! grep -qxF -- "$line" "$TMP/err"; then fail "$name"; echo "  wanted: $line"
	elif [ "$(cat "$TMP/keep.csv")" != kept ]; then fail "$name (-o changed)"
	else pass "$name"; fi
}

printf 'Mode,DD Write (MB/s),dd write (MB/s)\nNone,100,100\nNone,101,101\nAES-256-GCM,90,90\nAES-256-GCM,91,91\n' > "$H/case.csv"
refused "sheet: headers that differ only in case are one figure" "$H/case.csv" \
	"$H/case.csv:1:3: error: column C ('dd write (MB/s)') gives the same figure (dd write bw) as column B ('DD Write (MB/s)') at 1:2; name each run in its header (\"Run 2\") or give them rep in a --map file" \
	--set release=24.04
eb overhead --set release=24.04 "$H/case.csv"
expect_rc "sheet: overhead refuses the doubled column too" 65
printf 'Mode,DD Write (MB/s),DD Write (KB/s)\nNone,100,100000\n' > "$H/units.csv"
refused "sheet: one test in MB/s and KB/s is one figure" "$H/units.csv" \
	"$H/units.csv:1:3: error: column C ('DD Write (KB/s)') gives the same figure (dd write bw) as column B ('DD Write (MB/s)') at 1:2; name each run in its header (\"Run 2\") or give them rep in a --map file" \
	--set release=24.04

# A real bonnie++ 2.00a output cut inside its IO row, and cut where its
# file table begins: before, the first kept 4 of 16 records and the second
# lost the file tests, both with exit 0.
P=tests/data/bonnie/bonnie-2.00a_plain.log
head -c $(($(head -16 "$P" | wc -c) + 60)) "$P" > "$H/bonnie-row"
refused "bonnie++: a table cut inside its IO row" "$H/bonnie-row" \
	"$H/bonnie-row:17:59: error: bonnie++ table row ends the input without a line end, in a figure that may be cut short (end the file with a line end if it is whole)"
{ head -16 "$P"; sed -n 17p "$P" | cut -c1-59; } > "$H/bonnie-cells"
refused "bonnie++: an IO row that lost its last cells" "$H/bonnie-cells" \
	"$H/bonnie-cells:17:60: error: bonnie++ IO result row ends before its last cell: the output is cut short"
head -19 "$P" > "$H/bonnie-files"
refused "bonnie++: output cut where the file table begins" "$H/bonnie-files" \
	"$H/bonnie-files:19: error: bonnie++ table ends here, before its units line (\"... /sec %CP\"): the output is cut short"
head -17 "$P" > "$H/bonnie-latency"
refused "bonnie++: an IO table without its Latency row" "$H/bonnie-latency" \
	"$H/bonnie-latency:17: error: bonnie++ IO table ends here, after its result row, without the Latency row of bonnie++ 1.96 and later: the output is cut short"
eb ingest -q "$P"
[ "$rc" -eq 0 ] && [ "$(tail -n +2 "$TMP/out" | wc -l)" -eq 20 ] &&
	pass "bonnie++: the whole output gives its 20 records" || fail "bonnie++: the whole output gives its 20 records"

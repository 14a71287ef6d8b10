# usage.sh - every command reports a usage error the same way, from the
# one parser of the command tables: the message, the synopsis, where to
# read more, and exit 64, with nothing on standard output; and diff's
# --fail-on exits 1 or 0 on either side of its --threshold.
. tests/e2e/lib.sh

S=samples
# NAME ARGS... then the exact error line: exit 64, the line, the hint.
usage_is() {
	name=$1 cmd=$2 want=$3
	shift 3
	eb "$cmd" "$@"
	expect_rc "$name: exit 64" 64
	expect_err_line "$name: the message" "encbench: error: $want"
	expect_err_line "$name: the hint" "(see 'encbench help $cmd')"
	grep -q "^usage: encbench $cmd " "$TMP/err" && pass "$name: the synopsis" \
		|| fail "$name: the synopsis"
	[ -s "$TMP/out" ] && fail "$name: nothing on standard output" \
		|| pass "$name: nothing on standard output"
}

for c in ingest overhead diff trend table findings chart report; do
	usage_is "$c --bogus" "$c" "unknown option '--bogus'" --bogus "$S"
	usage_is "$c -x" "$c" "unknown option '-x'" -x "$S"
	usage_is "$c --help=yes" "$c" "--help takes no value" --help=yes "$S"
	usage_is "$c --format without a value" "$c" "--format needs a value" "$S" --format
	usage_is "$c -o without a value" "$c" "-o needs a value" "$S" -o
done
for c in overhead diff trend table findings chart report; do
	usage_is "$c --units" "$c" "--units takes si (MB/s) or iec (MiB/s), not 'kib'" --units kib "$S"
done
for c in overhead diff trend findings chart; do
	usage_is "$c --alpha" "$c" "--alpha takes a number between 0 and 1, not '1'" --alpha 1 "$S"
	usage_is "$c --alpha nan" "$c" "--alpha takes a number between 0 and 1, not 'nan'" --alpha nan "$S"
done
for c in overhead diff trend findings; do
	usage_is "$c --equivalence" "$c" "--equivalence takes a percentage above 0 and below 100, not '100'" \
		--equivalence 100 "$S"
	usage_is "$c --adjust" "$c" "--adjust takes holm or none, not 'bonferroni'" --adjust bonferroni "$S"
done
for c in overhead trend table findings chart report; do
	usage_is "$c without INPUT" "$c" "no INPUT to read" -o "$TMP/x"
done
usage_is "ingest without PATH" ingest "no PATH to read (use - for standard input)"
usage_is "diff without INPUT" diff "no INPUT to read"

usage_is "an ambiguous abbreviation" diff "option '--fr' is ambiguous: --from, --from-config, --from-file" \
	--fr 24.04 "$S"
eb diff --csv --center median "$S"
cp "$TMP/out" "$TMP/median"
eb diff --csv "$S"
cp "$TMP/out" "$TMP/mean"
eb diff --csv --cent median "$S"
expect_rc "an abbreviation that is one option's is that option" 0
cmp -s "$TMP/out" "$TMP/median" && ! cmp -s "$TMP/out" "$TMP/mean" && \
	pass "--cent median is --center median" || fail "--cent median is --center median"
usage_is "diff --center" diff "--center takes mean or median, not 'mode'" --center mode "$S"
usage_is "diff --threshold" diff "--threshold takes a percentage of 0 or more, not '-1'" \
	--fail-on regression --threshold -1 "$S"
usage_is "chart --width" chart "--width takes a number above 0, not '0'" -o "$TMP/c.svg" --width 0 "$S"
usage_is "chart --scale inf" chart "--scale takes a number above 0, not 'inf'" -o "$TMP/c.svg" --scale inf "$S"
usage_is "chart --theme" chart "--theme takes light or dark, not 'blue'" -o "$TMP/c.svg" --theme blue "$S"
usage_is "chart --backend" chart "--backend takes cairo or gnuplot, not 'svg'" -o "$TMP/c.svg" --backend svg "$S"
usage_is "chart --columns" chart "--columns takes release or block-size, not 'mode'" -o "$TMP/c.svg" \
	--columns mode "$S"
usage_is "report --format" report "--format takes md or html, not 'pdf'" -o "$TMP/r" --format pdf "$S"
usage_is "the first bad option is the one named" overhead "--adjust takes holm or none, not 'x'" \
	--adjust x --units y "$S"

# --help wins over what follows it, not over what came before.
eb table --help --bogus "$S"
expect_rc "table --help --bogus prints the help" 0
grep -q '^usage: encbench table ' "$TMP/out" && pass "and the help is on standard output" \
	|| fail "and the help is on standard output"
usage_is "a bad option before --help" table "unknown option '--bogus'" --bogus --help "$S"

# --fail-on at the edge of --threshold: 100 MB/s in 23.10 against 90, 91
# and 89 in 24.04 is computed as -9.999999999999998 % and printed -10.0 %;
# it reaches a threshold of 10 as it reads, but not one a printed digit
# tells apart (10.0001) nor one a relative 2e-9 above (10.00000002).
cat >"$TMP/edge.csv" <<'EOF'
release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
23.10,h,c,none,fio,seq,seq,write,4096,bw,B/s,1,100000000,x:1
23.10,h,c,none,fio,seq,seq,write,4096,bw,B/s,2,100000000,x:2
23.10,h,c,none,fio,seq,seq,write,4096,bw,B/s,3,100000000,x:3
24.04,h,c,none,fio,seq,seq,write,4096,bw,B/s,1,90000000,x:4
24.04,h,c,none,fio,seq,seq,write,4096,bw,B/s,2,91000000,x:5
24.04,h,c,none,fio,seq,seq,write,4096,bw,B/s,3,89000000,x:6
EOF
eb diff --csv "$TMP/edge.csv"
[ "$(cut -d, -f20,24 "$TMP/out" | tail -1)" = "-9.999999999999998,regressed" ] \
	&& pass "the edge pair is -9.999999999999998 %, regressed" \
	|| fail "the edge pair is -9.999999999999998 %, regressed"
for t in 10 9.99999999; do
	eb diff --fail-on regression --threshold "$t" "$TMP/edge.csv"
	expect_rc "--threshold $t: the -10.0 % pair fails, exit 1" 1
	expect_err_line "--threshold $t: it says so, the threshold as given" \
		"encbench: 1 of 1 pairs fail --fail-on regression (threshold $t %)"
done
eb diff --fail-on regression --threshold 10 --summary "$TMP/sum.md" "$TMP/edge.csv"
expect_file_is "the summary names the failing pair with its change as computed" "$TMP/sum.md" \
"encbench diff 23.10 → 24.04: 1 of 1 pairs fail --fail-on regression (threshold 10 %)
- h c none fio seq bw: regressed: -10.0 % (-12.5 to -7.5 %), p 0.0033 (computed -9.999999999999998 %)"
for t in 10.0001 10.00000002; do
	eb diff --fail-on regression --threshold "$t" --summary "$TMP/sum.md" "$TMP/edge.csv"
	expect_rc "--threshold $t: the -10.0 % pair passes, exit 0" 0
	expect_file_is "--threshold $t: the summary counts no failure" "$TMP/sum.md" \
		"encbench diff 23.10 → 24.04: 0 of 1 pairs fail --fail-on regression (threshold $t %)"
done
# Outside audit E8: a pair the gate cannot test (here a single run of a
# 50 % drop) passes it, but never in silence.
cat >"$TMP/gate1.csv" <<'EOF'
release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
23.10,h,c,none,dd,dd,,write,1048576,bw,B/s,1,1000000000,g:1
23.10,h,c,none,dd,dd,,write,1048576,bw,B/s,2,1010000000,g:2
23.10,h,c,none,dd,dd,,write,1048576,bw,B/s,3,990000000,g:3
24.04,h,c,none,dd,dd,,write,1048576,bw,B/s,1,500000000,g:4
EOF
eb diff --fail-on regression --summary "$TMP/sum.md" "$TMP/gate1.csv"
expect_rc "a pair the gate cannot test does not fail it" 0
expect_err_line "it is warned of" \
	"encbench: warning: 1 of 1 pairs could not be tested for --fail-on regression (a single run, runs without variation, too few runs for the test, or a ratio without bounds): the gate cannot fail them; the summary lists them"
expect_file_is "the summary counts and lists it" "$TMP/sum.md" \
"encbench diff 23.10 → 24.04: 0 of 1 pairs fail --fail-on regression (threshold 0 %)

1 of 1 pairs could not be tested, so the gate cannot say whether they fail:
- h c none dd dd bw: -50.0 %, single run: no interval and no verdict (computed -50 %)"

# Outside audit F11: the overhead gate reads the pairs that have an
# overhead; over the baseline alone it checked nothing, and says so.
cat >"$TMP/gate-none.csv" <<'CSV'
release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
23.10,h,c,none,dd,dd,,write,1048576,bw,B/s,1,1000000000,g:1
23.10,h,c,none,dd,dd,,write,1048576,bw,B/s,2,1010000000,g:2
24.04,h,c,none,dd,dd,,write,1048576,bw,B/s,1,700000000,g:3
24.04,h,c,none,dd,dd,,write,1048576,bw,B/s,2,710000000,g:4
CSV
eb diff --fail-on overhead --summary "$TMP/sum.md" "$TMP/gate-none.csv"
expect_rc "an overhead gate over the baseline alone passes" 0
expect_err_line "and says it checked nothing" \
	"encbench: warning: no pair has an overhead for --fail-on overhead to check (no mode beside the baseline): the gate checked nothing"
expect_file_is "its summary counts no pair" "$TMP/sum.md" \
	"encbench diff 23.10 → 24.04: 0 of 0 pairs fail --fail-on overhead (threshold 0 pp)"

# bonnie_untimed.sh - a test bonnie++ ran but could not time ("+++++", too
# fast to measure) has no record, so its case's mean rests on the runs it
# did time, which leave out the fastest: every claim of that case says so,
# from the run folder and from a results.csv with its datapackage.json
# (audit 28 N03). bonnie++ 1.03 CSV lines, five runs of each mode, two of
# none's block writes +++++.
. tests/e2e/lib.sh

# line FILE BLOCK-WRITE-K/s SEQ-CREATE/s
line() {
	echo "h,1G,,,$2,11,36165,10,,,73514,8,2000.5,2,16,$3,90,+++++,+++,25015,99,28712,100,+++++,+++,26846,100" > "$1"
}
# run DIR RELEASE NONE-BLOCK-WRITES...: a run folder of five runs per mode
run() {
	dir=$1 rel=$2
	shift 2
	mkdir -p "$dir/none" "$dir/aes-256-gcm"
	echo "{\"release\":\"$rel\",\"host\":\"h\",\"config\":\"default\"}" > "$dir/meta.json"
	i=1
	for w in "$@"; do
		line "$dir/none/bonnie-$i.csv" "$w" "2000$i"
		i=$((i + 1))
	done
	i=1
	for w in 40000 41000 40500 40200 40700; do
		line "$dir/aes-256-gcm/bonnie-$i.csv" "$w" "2500$i"
		i=$((i + 1))
	done
}
expect_line() { # NAME FILE EXACT-LINE
	if grep -qxF -- "$3" "$2"; then pass "$1"; else
		fail "$1"; echo "  wanted a line of $2: $3"; fi
}
expect_none() { # NAME FILE TEXT
	if grep -qF -- "$3" "$2"; then fail "$1"; grep -F -- "$3" "$2" | head -3; else pass "$1"; fi
}

run "$TMP/r" 24.04 50000 +++++ +++++ 50500 50800
CAVEAT="Caveat: bonnie++ could not time 2 of the 5 runs of the block write test of none (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest."
# The timed block writes of none: 50000, 50500 and 50800 KiB/s, a mean of
# 50433.3; of aes-256-gcm 40480: 1 - 40480 / 50433.3 is 19.7 %.
FINDING="- In 24.04, AES-GCM costs 19.7 % of throughput on sequential writes; measured the same (0.0 %) in throughput on sequential reads and the same (0.0 %) on sequential rewrites as the baseline, without a verdict (3 comparisons; ranges are the spread of the estimates; the one 95 % interval lies within 17.5–21.9 %; no verdict for bonnie block rewrite 8 KiB (no variation in the runs), bonnie block read 8 KiB (no variation in the runs)). $CAVEAT"

eb findings -q "$TMP/r"
expect_rc "findings of a run with untimed runs" 0
expect_line "the claim of the block writes says two of none's were not timed" "$TMP/out" "$FINDING"
expect_none "a claim of no untimed case has no caveat" "$TMP/out" "In 24.04, in tests without a throughput figure, with AES-GCM, the data cannot tell whether CPU use changed (5 tests, none with a verdict of a change). Caveat"

eb report -q -o "$TMP/rep" "$TMP/r"
expect_rc "report of it" 0
expect_line "the report's page says what qualifies its figures" "$TMP/rep/report.md" "What qualifies these figures:"
expect_line "and names the untimed runs" "$TMP/rep/report.md" "- bonnie++ could not time 2 of the 5 runs of the block write test of none (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest."
expect_none "not as a fact of meta.json" "$TMP/rep/report.md" "What meta.json says"

# results.csv carries them in its datapackage.json: one entry per test.
mkdir -p "$TMP/res"
eb ingest -q -o "$TMP/res/results.csv" "$TMP/r"
expect_rc "ingest to results.csv" 0
n=$(tr '{' '\n' < "$TMP/res/datapackage.json" | grep -c '"mode": "none", "tool": "bonnie", "job": "bonnie", "workload": "block", "op": "write", "metric": "bw", "unit": "B/s", "block_size": 8192')
[ "$n" -eq 2 ] && pass "datapackage.json lists none's two untimed block writes" ||
	{ fail "datapackage.json lists none's two untimed block writes (found $n)"; }
eb findings -q "$TMP/res/results.csv"
expect_line "findings of that results.csv say the same" "$TMP/out" "$FINDING"

# A package whose untimed list is not one is said to be.
cp "$TMP/res/results.csv" "$TMP/bad.csv"
printf '{"name":"encbench-results","resources":[{"path":"bad.csv","untimed":7}]}\n' > "$TMP/datapackage.json"
eb findings "$TMP/bad.csv"
expect_err_line "an untimed list that is not a list is warned of" "$TMP/datapackage.json: warning: the \"untimed\" tests of bad.csv are not a list, so what is said of them cannot say they were not timed"
rm -f "$TMP/datapackage.json" "$TMP/bad.csv"

# Standard output has no package: a warning says what it loses, the two
# block writes (the stat tests, untimed in every run, qualify nothing).
eb ingest "$TMP/r"
expect_err_line "ingest to standard output warns of what it cannot carry" "encbench: warning: bonnie++ could not time 2 runs of tests it timed in other runs (+++++), and standard output keeps no mark of it, so a report or findings of it would not say that their means leave out the fastest runs: write -o FILE.csv, whose datapackage.json does"

# Labels set on the command line reach the untimed runs with their rows.
eb findings -q --set release=25.04 "$TMP/r"
expect_line "--set relabels the untimed runs too" "$TMP/out" "$(printf '%s\n' "$FINDING" | sed 's/^- In 24\.04/- In 25.04/')"

# A diff names the release whose runs were not timed.
run "$TMP/r2" 24.10 51000 51500 50300 50600 50900
sed -i 's/,36165,/,30165,/' "$TMP"/r2/*/bonnie-*.csv
eb findings -q "$TMP/r" "$TMP/r2"
if grep -qF "Caveat: bonnie++ could not time 2 of the 5 runs of the block write test of none in 24.04 (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest." "$TMP/out"; then
	pass "a comparison of releases names the release of the untimed runs"
else
	fail "a comparison of releases names the release of the untimed runs"
fi

# Every run timed: no caveat anywhere.
eb findings -q "$TMP/r2"
expect_none "a run whose every figure was timed has no such caveat" "$TMP/out" "could not time"
eb ingest "$TMP/r2"
if grep -qF "encbench: warning: bonnie++ could not time" "$TMP/err"; then fail "no warning where no timed test lost a run"; else pass "no warning where no timed test lost a run"; fi

# A chart of it says so under its title, and in its description.
eb chart -q -o "$TMP/c.svg" "$TMP/r"
expect_rc "chart of it" 0
if grep -qF "<desc>h · release 24.04 · throughput in MB/s. Caveats: bonnie++ could not time 2 of the 5 runs of the block write test of none (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest. Bars: mean of 3–5 runs" "$TMP/c.svg"; then
	pass "the chart's description names the untimed runs"
else
	fail "the chart's description names the untimed runs"
fi

# A report of both releases names the release on every page that lists it,
# so that no page of 24.10's figures reads as qualified (audit 30 Q02).
eb report -q -o "$TMP/rep2" "$TMP/r" "$TMP/r2"
expect_rc "report of two releases" 0
n=$(grep -rlxF --include='*.md' -- "- bonnie++ could not time 2 of the 5 runs of the block write test of none in 24.04 (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest." "$TMP/rep2" | wc -l)
m=$(grep -rl --include='*.md' -- "^- bonnie++ could not time" "$TMP/rep2" | wc -l)
[ "$n" -ge 1 ] && [ "$n" -eq "$m" ] && pass "each page's caveat names its release ($n pages)" ||
	fail "each page's caveat names its release ($n of $m pages)"

# A chart of the mode against none rests on none's runs too: the overhead
# and heat-map charts say so, though they draw no bar of none (audit 30
# Q01).
for kind in overhead heatmap; do
	eb chart -q --kind $kind -o "$TMP/$kind.svg" "$TMP/r"
	if grep -qF "bonnie++ could not time 2 of the 5 runs of the block write test of none (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest." "$TMP/$kind.svg"; then
		pass "the $kind chart names none's untimed runs"
	else
		fail "the $kind chart names none's untimed runs"
	fi
done

# The tables' verdicts say so too, under the table; CSV and JSON, which
# have no place for it, in a note (audit 30 Q03). From the run folder and
# from its results.csv, which overhead reads straight.
CAV24=$(printf '%s\n' "$CAVEAT" | sed 's/of none (it/of none in 24.04 (it/')
for input in "$TMP/r" "$TMP/res/results.csv"; do
	eb overhead -q "$input"
	[ "$(tail -n 1 "$TMP/out")" = "$CAVEAT" ] && pass "overhead of $input ends with the caveat" ||
		fail "overhead of $input ends with the caveat"
done
eb overhead --csv "$TMP/r"
expect_err_line "overhead --csv says it in a note" "encbench: note: $CAVEAT (the CSV has no place for it)"
eb diff -q "$TMP/r" "$TMP/r2"
[ "$(tail -n 1 "$TMP/out")" = "$CAV24" ] && pass "diff ends with the caveat, naming the release" ||
	fail "diff ends with the caveat, naming the release"
eb trend --json "$TMP/r" "$TMP/r2"
expect_err_line "trend --json says it in a note" "encbench: note: $CAV24 (the JSON has no place for it)"
eb trend -q "$TMP/r2"
expect_none "a trend of runs all timed has no caveat" "$TMP/out" "Caveat"

# An entry a hand edited in, of a run the CSV has none of, is left out
# with a warning (audit 30 Q06).
mkdir -p "$TMP/ed"
cp "$TMP/res/results.csv" "$TMP/ed/results.csv"
sed 's/"untimed": \[/"untimed": [{"release": "24.04", "host": "h", "config": "default", "mode": "aes-128-ccm", "tool": "bonnie", "job": "bonnie", "workload": "block", "op": "write", "metric": "bw", "unit": "B\/s", "block_size": 8192, "source": "x:1"}, /' \
	"$TMP/res/datapackage.json" > "$TMP/ed/datapackage.json"
eb findings "$TMP/ed/results.csv"
expect_err_line "an entry of a run the CSV lacks is warned of" "$TMP/ed/datapackage.json: warning: 1 of the \"untimed\" tests of results.csv (the first is entry 1) name a run (release, host, config, mode, tool, job, source and block size) of which it has no record: left out"
if grep -qxF -- "$FINDING" "$TMP/out"; then pass "and the rest still qualify the claim"; else fail "and the rest still qualify the claim"; fi

# Each entry names the run it was not timed in: one given twice counts
# once, and one of a run that has the test's record is left out.
SRC2="$TMP/r/none/bonnie-2.csv:1" SRC1="$TMP/r/none/bonnie-1.csv:1"
ENTRY='{"release": "24.04", "host": "h", "config": "default", "mode": "none", "tool": "bonnie", "job": "bonnie", "workload": "block", "op": "write", "metric": "bw", "unit": "B/s", "block_size": 8192, "source": "SRC"}, '
# Appended after the 42 entries of the package (the ten runs' seq and
# rand stat tests, rate and CPU, and none's two block writes): 43 and 44.
sed "s|\"untimed\": \[\(.*\)\]|\"untimed\": [\1, $(printf '%s' "$ENTRY" | sed "s|SRC|$SRC2|")$(printf '%s' "$ENTRY" | sed "s|SRC|$SRC1|; s|, \$||")]|" \
	"$TMP/res/datapackage.json" > "$TMP/ed/datapackage.json"
eb findings "$TMP/ed/results.csv"
expect_err_line "an entry given twice is counted once" "$TMP/ed/datapackage.json: warning: 1 of the \"untimed\" tests of results.csv (the first is entry 43) are given again for the same run: counted once"
expect_err_line "an entry of a run that timed the test is left out" "$TMP/ed/datapackage.json: warning: 1 of the \"untimed\" tests of results.csv (the first is entry 44) have a record of the same run (their source), so were timed: left out"
if grep -qxF -- "$FINDING" "$TMP/out"; then pass "and the claim still says 2 of the 5"; else fail "and the claim still says 2 of the 5"; fi
expect_none "24.10's page lists no caveat of 24.04's runs" "$TMP/rep2/releases/24.10.md" "could not time 2 of the 5"
expect_line "24.04's page does" "$TMP/rep2/releases/24.04.md" "- bonnie++ could not time 2 of the 5 runs of the block write test of none in 24.04 (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest."

# A test no run of a mode timed has no figure, so no claim: the report
# says so rather than leave it out in silence (audit 30 Q04). Here every
# block write of aes-256-gcm, and every stat test, printed +++++.
run "$TMP/r3" 24.04 50000 +++++ +++++ 50500 50800
sed -i 's/^h,1G,,,[0-9]*,/h,1G,,,+++++,/' "$TMP"/r3/aes-256-gcm/bonnie-*.csv
eb report -q -o "$TMP/rep3" "$TMP/r3"
expect_line "a mode's test never timed is named" "$TMP/rep3/report.md" "- bonnie++ could not time the block write test of aes-256-gcm in any run (it printed +++++, too fast to measure), so that mode has no throughput figure of it."
expect_line "with the modes a test was never timed in" "$TMP/rep3/report.md" "- bonnie++ could not time the files-seq stat test of aes-256-gcm and none in any run (it printed +++++, too fast to measure), so those modes have no operations-per-second or CPU figure of it."

# An entry's run is its source too: one of a source no record has, or of
# another mode's run, is left out; one without a source, or of no test
# bonnie++ has, is no key (audit 31 R01, R03).
for src in "$TMP/r/none/bonnie-9.csv:1" "$TMP/r/aes-256-gcm/bonnie-1.csv:1"; do
	sed "s|\"untimed\": \[\(.*\)\]|\"untimed\": [\1, $(printf '%s' "$ENTRY" | sed "s|SRC|$src|; s|, \$||")]|" \
		"$TMP/res/datapackage.json" > "$TMP/ed/datapackage.json"
	eb findings "$TMP/ed/results.csv"
	expect_err_line "an entry of source $src is of no run of the CSV" "$TMP/ed/datapackage.json: warning: 1 of the \"untimed\" tests of results.csv (the first is entry 43) name a run (release, host, config, mode, tool, job, source and block size) of which it has no record: left out"
	if grep -qxF -- "$FINDING" "$TMP/out"; then pass "and the claim still says 2 of the 5"; else fail "and the claim still says 2 of the 5"; fi
done
for bad in 's|, "source": "SRC"||' 's|"op": "write"|"op": "bogus"|' 's|"metric": "bw"|"metric": "lat"|'; do
	sed "s|\"untimed\": \[\(.*\)\]|\"untimed\": [\1, $(printf '%s' "$ENTRY" | sed "$bad; s|SRC|$SRC2|; s|, \$||")]|" \
		"$TMP/res/datapackage.json" > "$TMP/ed/datapackage.json"
	eb findings "$TMP/ed/results.csv"
	if grep -qF "$TMP/ed/datapackage.json: warning: entry 43 of the \"untimed\" tests of results.csv is not the key of a test bonnie++ could not time" "$TMP/err"; then
		pass "an entry edited by $bad is no key"
	else
		fail "an entry edited by $bad is no key"
	fi
done

# The same results.csv named twice is read once, and so is its package
# (audit 31 R09).
eb findings -q "$TMP/res/results.csv" "$TMP/res/results.csv"
expect_line "a CSV named twice counts its untimed runs once" "$TMP/out" "$FINDING"
# -q keeps warnings: the one of untimed runs standard output loses too
# (audit 31 R08).
eb ingest -q "$TMP/r"
expect_err_line "ingest -q still warns of what standard output loses" "encbench: warning: bonnie++ could not time 2 runs of tests it timed in other runs (+++++), and standard output keeps no mark of it, so a report or findings of it would not say that their means leave out the fastest runs: write -o FILE.csv, whose datapackage.json does"

# bonnie++ prints "+++" for the %CP of a test it could not time: that
# run has no CPU figure either, and the CPU rows say so (audit 31 R07).
mkdir -p "$TMP/r4/none" "$TMP/r4/aes-256-gcm"
echo '{"release":"24.04","host":"h","config":"default"}' > "$TMP/r4/meta.json"
echo 'h,1G,,,50000,11,36165,10,,,73514,8,2000.5,2,16,20001,90,+++++,+++,25015,99,28712,100,+++++,+++,26846,100' > "$TMP/r4/none/b1.csv"
echo 'h,1G,,,+++++,+++,36000,10,,,73000,8,2010.5,2,16,20002,90,+++++,+++,25115,99,28612,100,+++++,+++,26746,100' > "$TMP/r4/none/b2.csv"
echo 'h,1G,,,50800,13,36300,10,,,73900,8,1990.5,2,16,20003,90,+++++,+++,24915,99,28812,100,+++++,+++,26946,100' > "$TMP/r4/none/b3.csv"
echo 'h,1G,,,40000,15,30165,10,,,63514,8,1800.5,2,16,18001,90,+++++,+++,22015,99,27712,100,+++++,+++,25846,100' > "$TMP/r4/aes-256-gcm/b1.csv"
echo 'h,1G,,,40500,16,30000,10,,,63000,8,1810.5,2,16,18002,90,+++++,+++,22115,99,27612,100,+++++,+++,25746,100' > "$TMP/r4/aes-256-gcm/b2.csv"
echo 'h,1G,,,40200,17,30300,10,,,63900,8,1790.5,2,16,18003,90,+++++,+++,21915,99,27812,100,+++++,+++,25946,100' > "$TMP/r4/aes-256-gcm/b3.csv"
eb overhead -q --metric cpu --op write "$TMP/r4"
[ "$(tail -n 1 "$TMP/out")" = "Caveat: bonnie++ could not time 1 of the 3 runs of the block write test of none (it printed +++++, too fast to measure), and the mean of the timed runs leaves out the fastest." ] &&
	pass "the CPU row of a test with an untimed run is qualified" ||
	fail "the CPU row of a test with an untimed run is qualified"
# none's CPU over its two timed runs, 11 and 13 %: 12.00 %.
grep -qF '| bonnie block write 8 KiB | CPU    | aes-256-gcm |   3 | 16.0 % |   12.0 % |' "$TMP/out" &&
	pass "from the two timed runs' CPU (12.0 %)" || { fail "from the two timed runs' CPU (12.0 %)"; grep "block write" "$TMP/out"; }

# A case whose other runs bonnie++ could not time was not measured once
# (audit 31 R06). Two runs a mode: none's rand stat and aes-256-gcm's
# block read (rate and CPU) were timed once, 4 of the 34 cases (none: 8
# I/O and 10 file-test cases; aes-256-gcm: 8 and 8).
mkdir -p "$TMP/r6/none" "$TMP/r6/aes-256-gcm"
echo '{"release":"24.04","host":"h","config":"default"}' > "$TMP/r6/meta.json"
echo 'h,1G,,,55236,11,36165,10,,,73514,8,2000.5,2,16,20000,90,+++++,+++,25015,99,28712,100,+++++,+++,26846,100' > "$TMP/r6/none/b1.csv"
echo 'h,1G,,,56000,11,36000,10,,,74000,8,2100.5,2,16,21000,90,+++++,+++,25500,99,29000,100,30000,100,27000,100' > "$TMP/r6/none/b2.csv"
echo 'h,1G,,,45000,11,30000,10,,,60000,8,1800,2,16,18000,90,+++++,+++,22000,99,25000,100,+++++,+++,24000,100' > "$TMP/r6/aes-256-gcm/b1.csv"
echo 'h,1G,,,46000,11,31000,10,,,+++++,+++,1850,2,16,18500,90,+++++,+++,22500,99,25500,100,+++++,+++,24500,100' > "$TMP/r6/aes-256-gcm/b2.csv"
eb findings -q "$TMP/r6"
expect_line "cases with untimed runs are not called measured once" "$TMP/out" "- 4 of 34 cases have a single timed run, so no confidence interval and no verdict: 4 of them were run more often, but bonnie++ could not time the other runs (it printed +++++, too fast to measure)."
eb report -q -o "$TMP/rep6" "$TMP/r6"
expect_line "nor in the report's opening" "$TMP/rep6/report.md" "Made by encbench 0.1.0 from 64 records of 1 input; every number is the mean of its repetitions, with a 95 % confidence interval where there are two or more (4 of 34 cases have a single timed run, and so none)."

# One run a mode, none's block write +++++: aes-256-gcm's has no baseline
# figure, and the sentence that says so says none ran it.
mkdir -p "$TMP/r7/none" "$TMP/r7/aes-256-gcm"
echo '{"release":"24.04","host":"h","config":"default"}' > "$TMP/r7/meta.json"
echo 'h,1G,,,+++++,+++,36165,10,,,73514,8,2000.5,2,16,20000,90,+++++,+++,25015,99,28712,100,+++++,+++,26846,100' > "$TMP/r7/none/b1.csv"
echo 'h,1G,,,40000,11,36165,10,,,73514,8,2000.5,2,16,20000,90,+++++,+++,25015,99,28712,100,+++++,+++,26846,100' > "$TMP/r7/aes-256-gcm/b1.csv"
eb findings -q "$TMP/r7"
expect_line "a case whose baseline was never timed is not called unmeasured" "$TMP/out" "- 1 case of an encrypted mode has no none measured beside it in its release, host and config, so nothing here states its overhead: aes-256-gcm bonnie block write 8 KiB in 24.04 (none ran it, but bonnie++ could not time it in any run: it printed +++++, too fast to measure)."

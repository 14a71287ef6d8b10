# analyze.sh - overhead, diff, trend, table and findings end to end on a
# results.csv of two releases and on a run directory.
. tests/e2e/lib.sh
TWO=tests/data/analyze/two-releases.csv
RUN=tests/data/rundir/run-24.04

eb overhead --csv --metric bw --op write $TWO
expect_rc "overhead --csv exits 0" 0
[ "$(wc -l < "$TMP/out")" -eq 3 ] && pass "overhead --csv has a header and one row per release" || fail "overhead --csv rows"
head -1 "$TMP/out" | grep -qx 'release,host,config,mode,tool,job,workload,op,block_size,metric,unit,n,mean,baseline_n,baseline_mean,ratio,ratio_ci_low,ratio_ci_high,overhead_pct,overhead_ci_low_pct,overhead_ci_high_pct,unbounded,p_raw,p_adjusted,verdict' \
	&& pass "overhead --csv header" || fail "overhead --csv header"

eb overhead --json $TWO
grep -c '"overhead_pct"' "$TMP/out" | grep -qx 6 && pass "overhead --json gives six objects" || fail "overhead --json objects"

eb overhead --baseline luks-xts-512 $TWO
expect_rc "overhead without the baseline mode is bad data" 65
grep -q "no record has a baseline to compare with" "$TMP/err" && pass "overhead says what is missing" || fail "overhead says what is missing"

eb diff $TWO
expect_rc "diff defaults to the two newest releases" 0
grep -q '| 23.10 ' "$TMP/out" && grep -q 'improved' "$TMP/out" && grep -q '| unchanged ' "$TMP/out" \
	&& pass "diff markdown shows releases and verdicts" || fail "diff markdown"

eb diff --json --from 23.10 --to 24.04 --metric bw --op write $TWO
grep -c '"verdict": "improved"' "$TMP/out" | grep -qx 2 && pass "diff --json: both write keys improved" || fail "diff --json verdicts"

eb diff $RUN
expect_rc "diff of one release is bad data" 65
expect_err_line "diff of one release says what is missing" "encbench: error: diff needs two releases and this data has only '24.04'; name two sets of inputs with --from-file and --to-file, or two configs with --from-config and --to-config"

eb diff --from 22.04 --to 24.04 $TWO
expect_rc "diff of an absent release is bad data" 65
expect_err_line "diff names the releases it has" "encbench: error: --from '22.04': the data has no such release (it has '23.10', '24.04')"

# One dataset on both sides is no evidence of anything: the same file, the
# same folder through a link, and a copy with other sources and its runs
# in another order are refused as --from A --to A is.
eb diff --csv --from-file $RUN --to-file $RUN
expect_rc "diff of a run folder with itself is a usage error" 64
expect_err_line "diff names the folder on both sides" "encbench: error: '$RUN' (--from-file) and '$RUN' (--to-file) are the same folder: a dataset compared with itself shows no change whatever it holds"
ln -s "$PWD/tests/data/analyze/side-a.csv" "$TMP/link.csv"
eb diff --from-file tests/data/analyze/side-a.csv --to-file "$TMP/link.csv"
expect_rc "diff of a file with a link to it is a usage error" 64
expect_err_line "diff names the file on both sides" "encbench: error: 'tests/data/analyze/side-a.csv' (--from-file) and '$TMP/link.csv' (--to-file) are the same file: a dataset compared with itself shows no change whatever it holds"
# The same values from other sources are two measurements that agree
# (audit E22): compared, with a note, and no change found.
eb diff --csv --from-file tests/data/analyze/side-a.csv --to-file tests/data/analyze/side-a-copy.csv
expect_rc "diff of the same values from other sources compares them" 0
expect_err_line "diff notes the same values from other sources" "encbench: note: 'side-a.csv' (--from-file) and 'side-a-copy.csv' (--to-file) hold the same values in every test (4 tests) from different sources; they are compared as two sets of measurements"
[ "$(grep -c ',no clear change,' "$TMP/out")" -eq 4 ] && pass "each of the 4 tests is no clear change" || fail "each of the 4 tests is no clear change"
# One run's rows given again under another mode would be a mode compared
# with its own baseline: "no measurable overhead" from one measurement
# (audit 19). overhead reads one results.csv by its fast path: the same.
{ head -n 1 tests/data/analyze/side-a.csv; grep ',none,' tests/data/analyze/side-a.csv
  grep ',none,' tests/data/analyze/side-a.csv | sed 's/,none,/,aes-128-ccm,/'; } > "$TMP/modecopy.csv"
for cmd in overhead findings ingest; do
	eb $cmd "$TMP/modecopy.csv"
	expect_rc "$cmd refuses one run's rows under a second mode" 65
	expect_err_line "$cmd names both labels and the row" "$TMP/modecopy.csv:8: error: the 6 records read from g under release '24.04', host 'a', config 'default', mode 'aes-128-ccm' are, value for value, the ones read from it under release '24.04', host 'a', config 'default', mode 'none' (at $TMP/modecopy.csv:2): one run measured one test, so rows copied under another label would compare the run with itself; keep the rows under the label of the run that made them"
done
# Equal values from other lines of the file are no copy.
sed '8,$s/,g:\([0-9]*\)$/,g:9\1/' "$TMP/modecopy.csv" > "$TMP/modeother.csv"
eb overhead "$TMP/modeother.csv"
expect_rc "equal values read from other lines are compared" 0
# Rows of one file copied under another release are refused as they are
# read, before diff's own rule (audit 19).
# Beside a test's throughput, only that test's latency: the latency of a
# read job (1000 ns to 1200 ns, +20.0 %) is no part of what the write
# job's throughput sentence says (audit 19).
eb findings tests/data/analyze/latency-other-test.csv
expect_rc "findings of throughput and another test's latency exits 0" 0
expect_file_is "the other test's latency is a sentence of its own" "$TMP/out" \
"- In 24.04, AES-GCM shows no measurable overhead of throughput on sequential writes (1 comparison; 95 % interval between 0.8 % faster and 20.5 % slower).
- In 24.04, in tests without a throughput figure, with AES-GCM, latency rose by 20.0 % (95 % interval 17.5–22.5 %)."
sed 's/^24.04,/23.10,/' tests/data/analyze/side-a.csv > "$TMP/relabelled.csv"
tail -n +2 tests/data/analyze/side-a.csv >> "$TMP/relabelled.csv"
eb diff "$TMP/relabelled.csv"
expect_rc "diff of two releases holding one set of measurements is bad data" 65
expect_err_line "diff says the releases hold the same measurements" "$TMP/relabelled.csv:14: error: the 6 records read from g under release '24.04', host 'a', config 'default', mode 'none' are, value for value, the ones read from it under release '23.10', host 'a', config 'default', mode 'none' (at $TMP/relabelled.csv:2): one run measured one test, so rows copied under another label would compare the run with itself; keep the rows under the label of the run that made them"
# Two releases of rate-capped jobs give one figure from files of their own.
{
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
	for rel in 23.10 24.04; do for m in none aes-256-gcm; do for r in 1 2 3; do
		echo "$rel,h,default,$m,fio,wb,seq,write,65536,bw,B/s,$r,8388608,$rel/$m/fio-r$r.json:70"
	done; done; done
} > "$TMP/capped.csv"
eb diff --csv "$TMP/capped.csv"
expect_rc "diff of two releases with equal figures from their own files compares them" 0
expect_err_line "it notes the equal figures" "encbench: note: releases '23.10' and '24.04' hold the same values in every test (2 tests) from different sources; they are compared as two sets of measurements"
[ "$(grep -c '^23.10,h,default,[a-z0-9-]*,fio,wb,seq,write,65536,bw,B/s,23.10,24.04,3,8388608,0,3,8388608,0,0,,,,no variation in the runs,' "$TMP/out")" -eq 2 ] && pass "both tests are rows of the diff, with no variation and no verdict" || { fail "both tests are rows of the diff"; cat "$TMP/out"; }
eb diff --from-file tests/data/analyze/side-a.csv --to-file tests/data/analyze/side-b.csv
expect_rc "diff of two sides with no host in common is bad data" 65
expect_err_line "diff says the sides share no host" "encbench: error: 'side-a.csv' and 'side-b.csv' share no host, so no case can be compared: 'side-a.csv' was measured on host 'a' and 'side-b.csv' on host 'b' (hosts are never pooled; if they are one machine, say so with --set host=NAME)"
[ ! -s "$TMP/out" ] && pass "no table when the sides share no host" || fail "no table when the sides share no host"
# A side is one release: two releases' runs are no repetitions of one case.
eb diff --from-file tests/data/analyze/side-two-releases.csv --to-file tests/data/analyze/side-one-release.csv
expect_rc "a --from-file side of two releases is bad data" 65
expect_err_line "and the message names them" "encbench: error: --from-file: the inputs hold more than one release ('23.10', '24.04'), whose runs would be taken as repetitions of one; name the inputs of one release on each side, or compare releases with --from and --to"
[ ! -s "$TMP/out" ] && pass "no table of pooled releases" || fail "no table of pooled releases"
eb diff --csv --set host=one --from-file tests/data/analyze/side-a.csv --to-file tests/data/analyze/side-b.csv
expect_rc "diff of the two sides named one host exits 0" 0
grep -c '^side-a.csv,one,.*,side-a.csv,side-b.csv,3,' "$TMP/out" | grep -qx 4 && pass "the sides named one host: four tests compared" || fail "the sides named one host"

eb diff --alpha 2 $TWO
expect_rc "a bad --alpha is a usage error" 64

eb trend --csv --metric bw $TWO
expect_rc "trend exits 0" 0
grep -c ',improved$' "$TMP/out" | grep -qx 2 && pass "trend gives release-over-release verdicts" || fail "trend verdicts"

eb table --units iec $TWO
expect_rc "table exits 0" 0
grep -q 'fio seq write 1 MiB (GiB/s)' "$TMP/out" && pass "table states IEC units in headers" || fail "table units"
grep -q '^| aes-256-gcm ' "$TMP/out" && pass "table has modes as rows" || fail "table rows"
eb table --release 19.10 $TWO
expect_rc "table of an absent release is bad data" 65

eb findings $TWO $RUN
expect_rc "findings on a mix of results.csv and a run directory" 0
grep -q '^- From 23.10 to 24.04 on box, the throughput of the unencrypted baseline (none) improved in 1 of 2 tests' "$TMP/out" && pass "findings say how the baseline changed" || fail "findings baseline"

for cmd in overhead diff trend table findings; do
	eb help $cmd
	grep -q "^usage: encbench $cmd" "$TMP/out" && pass "help $cmd" || fail "help $cmd"
done

# The samples, as a new user would read them: no negative cost, the
# baseline counted in tests, and the 23.10 -> 24.04 diff decided after Holm
# (198 pairs below 0.05 unadjusted, of which 60 improved once adjusted).
SAMPLES=samples
eb findings $SAMPLES
expect_rc "findings of the samples" 0
if grep -q 'costs -' "$TMP/out" || grep -q 'costs −' "$TMP/out"; then
	fail "the samples' findings state a negative cost"
else pass "the samples' findings state no negative cost"; fi
# Six tests of the baseline, adjusted in the diff's family of the host (54
# tests of every mode), so that the sentence says what the diff says.
grep -qxF -- "- From 23.10 to 24.04 on framework-i5-1135g7, the throughput of the unencrypted baseline (none) improved in 2 of 6 tests, regressed in 0, stayed within ±2 % in 0 and changed by an amount the data cannot tell in 4 (Welch's t test, alpha 0.05, Holm over all 54 tests of the two releases on this host)." "$TMP/out" \
	&& pass "the samples' baseline sentence counts tests" || fail "the samples' baseline sentence counts tests"
grep -qF -- "In freebsd on aaa.local, geli measured between 4.4 % faster and 41.2 % slower in throughput on sequential writes" "$TMP/out" \
	&& pass "a mode faster than none in some runs is no negative cost" || fail "geli's range in words"
eb diff --csv $SAMPLES
expect_rc "diff of the samples" 0
[ "$(grep -c ',improved,' "$TMP/out")" -eq 60 ] && [ "$(cut -d, -f12,13 "$TMP/out" | sort -u | sed -n 1p)" = "23.10,24.04" ] \
	&& pass "the samples' 23.10 -> 24.04 diff: 60 improved after Holm" || fail "the samples' diff after Holm"
eb diff --csv --adjust none $SAMPLES
[ "$(grep -c ',improved,' "$TMP/out")" -eq 198 ] && pass "--adjust none: 198 improved unadjusted" || fail "--adjust none on the samples"
eb diff $SAMPLES
grep -qF 'p adjusted by Holm within each host and metric class, over every mode and config (the metrics of one test count once)' "$TMP/out" \
	&& pass "the diff table says its p values are Holm-adjusted" || fail "the diff table names its adjustment"

# A release follows the one before it of its own platform: FreeBSD-13.2
# after 24.04 in version order is another system, and gets no change.
{ echo 'release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source'
  for rel in FreeBSD-13.2:1000 FreeBSD-14.1:1100 24.04:500; do
	for r in 1:995 2:1000 3:1005; do
		echo "${rel%%:*},h1,default,none,fio,j,seq,read,1048576,bw,B/s,${r%%:*},$(( ${rel#*:} * ${r#*:} * 1000 )),x"
	done
  done; } > "$TMP/platforms.csv"
eb trend "$TMP/platforms.csv"
grep -q '| FreeBSD-13.2 |   3 | 1.00 GB/s |          |  *|  *|$' "$TMP/out" \
	&& grep -q '| FreeBSD-14.1 |   3 | 1.10 GB/s |          | +10.0 % (+8.8 to +11.3 %) | improved |$' "$TMP/out" \
	&& pass "trend compares a release only with the one before it of its platform" \
	|| fail "trend compares a release only with the one before it of its platform"

# A pair of releases that are not adjacent has the family diff gives it:
# every case both measured, also j1, whose own rows compare 23.10 -> 24.04
# (audit 29 P02). j2 none 100,102,98 -> 105,107,103 MB/s: Welch p 0.0376,
# third smallest of the four tests of 22.04 -> 24.04, so 3 x 0.0376 = 0.113,
# no clear change, as `diff --from 22.04 --to 24.04` says; before, trend held
# j2's two rows alone and kept p 0.0376, "improved".
{ echo 'release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source'
  n=0
  for row in 22.04:j1:none:100,110,90 22.04:j1:aes-256-gcm:50,55,45 \
	22.04:j2:none:100,102,98 22.04:j2:aes-256-gcm:50,51,49 \
	23.10:j1:none:100,110,90 23.10:j1:aes-256-gcm:50,55,45 \
	24.04:j1:none:100,110,90 24.04:j1:aes-256-gcm:50,55,45 \
	24.04:j2:none:105,107,103 24.04:j2:aes-256-gcm:60,61,59; do
	rel=${row%%:*}; rest=${row#*:}; job=${rest%%:*}; rest=${rest#*:}
	mode=${rest%%:*}; vals=${rest#*:}
	r=0
	for v in $(echo "$vals" | tr , ' '); do r=$((r + 1)); n=$((n + 1))
		echo "$rel,h,default,$mode,fio,$job,seq,write,4096,bw,B/s,$r,${v}000000,a.txt:$n"
	done
  done; } > "$TMP/skip.csv"
eb trend --csv "$TMP/skip.csv"
expect_rc "trend of a release pair that skips one exits 0" 0
grep '^24.04,h,default,none,fio,j2,' "$TMP/out" | awk -F, '{ printf "%s,%.6f,%s\n", $17, $19, $20 }' > "$TMP/skip-row"
expect_file_is "its p is Holm over all four tests the two releases share, as diff's" "$TMP/skip-row" \
	"22.04,0.112770,no clear change"
eb diff --csv --from 22.04 --to 24.04 "$TMP/skip.csv"
grep -c ',j2,.*,no clear change,' "$TMP/out" > "$TMP/skip-diff"
expect_file_is "and diff of the same pair says the same of j2 none" "$TMP/skip-diff" "1"

# A "no measurable overhead" clause gives its estimates, and an estimate of
# exactly 0 (each mode run as its baseline: 100, 110, 90 MB/s) has no
# direction: "0.0 %", never "0.0 % slower" (audit 29 P03).
{ echo 'release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source'
  for op in read write; do for m in none aes-256-gcm; do r=0
	for v in 100000000 110000000 90000000; do r=$((r + 1))
		echo "24.04,h,c,$m,fio,j,seq,$op,4096,bw,B/s,$r,$v,g-$m-$op:$r"
	done
  done; done; } > "$TMP/tie.csv"
eb findings "$TMP/tie.csv"
grep -c '^- In 24.04, AES-GCM shows no measurable overhead of throughput on sequential writes and sequential reads (estimates 0.0 %) (2 comparisons; ' "$TMP/out" > "$TMP/tie"
expect_file_is "a tie among no-measurable estimates reads 0.0 %, with no direction" "$TMP/tie" "1"

# A release candidate comes before its release in every table's rows, as
# eb_release_cmp orders releases everywhere else.
eb overhead --csv tests/data/analyze/prerelease.csv
[ "$(cut -d, -f1 "$TMP/out" | uniq | tr '\n' ' ')" = "release 24.04-rc1 24.04 " ] \
	&& pass "overhead rows: 24.04-rc1 before 24.04" || fail "overhead rows: 24.04-rc1 before 24.04"
eb table tests/data/analyze/prerelease.csv
head -n 1 "$TMP/out" | grep -q '^Release 24\.04:' \
	&& pass "table shows 24.04, not 24.04-rc1, as the newest release" || fail "table's newest release with a release candidate"

# A single run's estimate is named, not merged into the range of the
# estimates that have intervals: 2.13 (one run a side) stays out of 2.03-2.04.
eb findings tests/data/analyze/mixed-n.csv
grep -qF 'AES-GCM reaches 2.03–2.04× the throughput of AES-CCM with the same key size on sequential I/O (4 comparisons: faster in 2, slower in 0, no clear difference in 0, Holm over 2 tests; Holm-adjusted 95 % intervals within 1.97–2.08; no verdict for fio seq read 4 KiB of aes-128-gcm (single run), fio seq write 4 KiB of aes-128-gcm (single run))' "$TMP/out" \
	&& pass "findings keep single runs out of the range of estimates" || fail "findings keep single runs out of the range of estimates"

# A p a hair under alpha (0.049999999999998886) never prints as alpha.
eb diff tests/data/analyze/p-at-alpha.csv
grep -qF '| +4.5 % (+2.2e-14 to +9.3 %) | < 0.05 | improved |' "$TMP/out" \
	&& pass "diff: p just under alpha reads '< 0.05' beside 'improved'" || fail "diff: p just under alpha reads '< 0.05' beside 'improved'"

# Outside audit E15: a config diff over two releases names each row's
# release (AES-GCM loses 50 % without AES-NI in 23.10, 10 % in 24.04), and
# a config diff of one release says which in its caption.
eb diff --from-config default --to-config no-aesni tests/data/analyze/config-diff-two-releases.csv
head -n 1 "$TMP/out" | grep -q '^| release | config  | test           | metric     | mode        | default         | no-aesni ' &&
	grep -q '^| 23.10   | default | dd write 1 MiB | throughput | aes-256-gcm | 1.00 GB/s (n=3) |  500 MB/s (n=3) |     -50.0 % ' "$TMP/out" &&
	grep -q '^| 24.04   | default | dd write 1 MiB | throughput | aes-256-gcm | 2.00 GB/s (n=3) | 1.80 GB/s (n=3) |      -10.0 % ' "$TMP/out" \
	&& pass "diff: a config diff over two releases has a release column" || fail "diff: a config diff over two releases has a release column"
grep -v '^24.04,' tests/data/analyze/config-diff-two-releases.csv > "$TMP/one-release.csv"
eb diff --from-config default --to-config no-aesni "$TMP/one-release.csv"
grep -q '^Means of no-aesni against default in 23.10; ' "$TMP/out" && ! grep -q '^| release ' "$TMP/out" \
	&& pass "diff: a config diff of one release names it in the caption" || fail "diff: a config diff of one release names it in the caption"

# Outside audit D11: overhead says which cases it leaves out for want of a
# baseline beside them, here a sheet's no-AES-NI rows without None.
eb overhead tests/data/analyze/config-without-baseline.csv
expect_rc "overhead with a config without baseline exits 0" 0
expect_err_line "it names the cases left out" \
	"encbench: note: 1 case of a mode has no none to compare with in its release, host and config, and is left out (config no-aesni)"
grep -q '| dd write | throughput | aes-256-gcm |   2 | 805 MB/s | 1.00 GB/s |' "$TMP/out" \
	&& pass "overhead: the case with its baseline is the table's row" || fail "overhead: the case with its baseline is the table's row"

# Outside audit I13: latency and CPU use without throughput have no cost
# in throughput, and the report's title promises none.
eb report -o "$TMP/latency-report" tests/verdicts/findings-latency-only/results.csv
expect_rc "report of latency alone exits 0" 0
[ "$(head -1 "$TMP/latency-report/report.md")" = "# What was measured on h in 24.04 (no throughput was measured, so no figure of what encryption costs in throughput)" ] \
	&& pass "report: a title without throughput promises no cost" || fail "report: a title without throughput promises no cost"
grep -qx -- "- In 24.04, no throughput of AES-GCM was measured, so nothing here says what it costs in throughput; with AES-GCM, latency rose by 49.5 % (95 % intervals within 46.7–52.4 %); the data cannot tell whether CPU use changed (1 test, none with a verdict of a change)." "$TMP/latency-report/report.md" \
	&& pass "report: the findings of latency alone are on the page" || fail "report: the findings of latency alone are on the page"

# A test measured with an encrypted mode but not with none in its release,
# host and config gets no overhead, and the findings say so instead of
# leaving it out in silence (audit 20 F06).
eb findings tests/data/analyze/no-baseline-for-one-test.csv
expect_out "findings name the case without a baseline" \
"- In 24.04, AES-GCM costs 20.0 % of throughput on sequential writes (1 comparison; 95 % interval 17.9–22.0 %).
- 1 case of an encrypted mode has no none measured beside it in its release, host and config, so nothing here states its overhead: aes-256-gcm fio rand read 4 KiB in 24.04."
# Of several hosts (or configs), the case without a baseline is named
# with its own (audit 21 G09).
eb findings tests/data/analyze/no-baseline-on-one-host.csv
[ "$(tail -1 "$TMP/out")" = "- 2 cases of an encrypted mode have no none measured beside them in their release, host and config, so nothing here states their overhead: aes-256-gcm fio seq write 4 KiB in 24.04 on h2, aes-128-gcm fio seq write 4 KiB in 24.04 on h2." ] &&
	pass "findings name the host of the cases without a baseline" ||
	fail "findings name the host of the cases without a baseline"
# Jobs whose names say only what the label says ("write", "seq-write") are
# named in the overhead and absolute tables when their labels would be one
# (audit 22 H10: four rows read "fio seq write 4 KiB").
eb overhead tests/data/analyze/jobs-one-label.csv
[ "$(grep -c '^| fio seq-write seq write 4 KiB \|^| fio write seq write 4 KiB ' "$TMP/out")" -eq 2 ] &&
	pass "overhead names the jobs one label would name" ||
	fail "overhead names the jobs one label would name"
eb table tests/data/analyze/jobs-one-label.csv
grep -q '| fio seq-write seq write 4 KiB (MB/s) |' "$TMP/out" && grep -q '| fio write seq write 4 KiB (MB/s) |' "$TMP/out" &&
	pass "table names the jobs one label would name" ||
	fail "table names the jobs one label would name"

# Cases of other jobs that one name would name alike ("fio seq write 4
# KiB" for jobs a, b and c) are named by job in the findings, as the
# tables name them (audit 24 J09).
eb findings tests/data/analyze/untestable-jobs-one-name.csv
head -1 "$TMP/out" | grep -q '; no verdict for fio a seq write 4 KiB (no variation in the runs), fio b seq write 4 KiB (unbounded interval))\.$' &&
	pass "findings name by job the untestable cases one name would name" ||
	fail "findings name by job the untestable cases one name would name"
eb findings tests/data/analyze/no-baseline-jobs-one-name.csv
[ "$(tail -1 "$TMP/out")" = "- 2 cases of an encrypted mode have no none measured beside them in their release, host and config, so nothing here states their overhead: aes-256-gcm fio a seq write 4 KiB in 24.04, aes-256-gcm fio b seq write 4 KiB in 24.04." ] &&
	pass "findings name by job the cases without a baseline one name would name" ||
	fail "findings name by job the cases without a baseline one name would name"

# Host A measured 23.10 and 24.04, host B 22.04 and 24.04: the change
# sentences are A's alone (23.10 to 24.04), and B's halved baseline and
# tripled overhead would go unsaid; findings, the report's headline and
# diff say that B is not compared, and how to compare it (audit 24 J07).
H=tests/data/analyze/host-other-releases.csv
SAID="- B has no test measured in both 23.10 and 24.04 (it was measured in 22.04 and 24.04), so nothing here compares its releases; encbench diff --host B --from 22.04 --to 24.04 compares its newest two."
eb findings "$H"
[ "$(grep -cxF -- "$SAID" "$TMP/out")" -eq 1 ] &&
	pass "findings say which host the releases' change leaves out" ||
	fail "findings say which host the releases' change leaves out"
eb diff "$H"
expect_rc "diff of hosts with other releases" 0
expect_err_line "diff notes the host it leaves out" \
	"encbench: note: host 'B' has no test measured in both 23.10 and 24.04, so this diff leaves it out; --host 'B' --from 22.04 --to 24.04 compares its newest two releases"
eb diff --host B --from 22.04 --to 24.04 "$H"
grep -q '| *-50\.0 % (-51\.8 to -48\.2 %) | < 0\.001 | regressed *|' "$TMP/out" &&
	pass "the diff the note names compares B" || fail "the diff the note names compares B"
eb report -o "$TMP/hr" "$H"
sed -n '/^## Findings/,/^All /p' "$TMP/hr/report.md" | grep -qxF -- "$SAID" &&
	pass "the report's headline says which host it leaves out" ||
	fail "the report's headline says which host it leaves out"

# B measured sw in 23.10 and rr in 24.04: its releases are the pair but
# share no test, and no diff compares them (audit 25 K10: the sentence
# said it was measured in both and advised a diff that fails).
eb findings tests/data/analyze/host-other-tests.csv
[ "$(grep -cxF -- "- B measured other tests in 23.10 than in 24.04 (other jobs, block sizes or metrics), so nothing here compares its releases." "$TMP/out")" -eq 1 ] &&
	pass "findings say a host's releases share no test, with no diff to try" ||
	fail "findings say a host's releases share no test, with no diff to try"
eb diff tests/data/analyze/host-other-tests.csv
expect_err_line "diff notes the host whose releases share no test" \
	"encbench: note: host 'B' has no test measured in both 23.10 and 24.04 (other jobs, block sizes or metrics in each), so this diff leaves it out"
# B measured only aes-256-gcm in both releases: no baseline, no overhead,
# so no change sentence speaks of it; one says so (audit 25 K11).
SAID="- B has no none measured in both 23.10 and 24.04 beside its other modes, so nothing here states the change of its baseline or of its overhead; encbench diff --host B --from 23.10 --to 24.04 shows each mode's own change."
eb findings tests/data/analyze/host-no-baseline-both.csv
[ "$(grep -cxF -- "$SAID" "$TMP/out")" -eq 1 ] &&
	pass "findings say which host has no baseline to compare" ||
	fail "findings say which host has no baseline to compare"
eb report -o "$TMP/nb" tests/data/analyze/host-no-baseline-both.csv
sed -n '/^## Findings/,/^All /p' "$TMP/nb/report.md" | grep -qxF -- "$SAID" &&
	pass "the report's headline says which host has no baseline to compare" ||
	fail "the report's headline says which host has no baseline to compare"
# Host A measured no-aesni in 23.10 alone (a 50 % cost), B in 24.04: the
# findings of 24.04 would leave A's no-aesni out in silence; a sentence
# says so, and its 23.10 cost follows (audit 27 M06).
F=tests/data/analyze/config-older-release.csv
SAID="- The config no-aesni on A was measured last in 23.10, not in 24.04, so what is said of 24.04 does not cover it."
eb findings "$F"
[ "$(tail -2 "$TMP/out")" = "$SAID
- In 23.10 on A (no-aesni), AES-GCM costs 50.0 % of throughput on sequential writes (1 comparison; 95 % interval 48.7–51.3 %)." ] &&
	pass "findings say a config is of an older release, with its cost there" ||
	fail "findings say a config is of an older release, with its cost there"
[ "$(grep -c "no-aesni on B was measured last" "$TMP/out")" -eq 0 ] &&
	pass "findings say nothing of B's no-aesni, measured in 24.04" ||
	fail "findings say nothing of B's no-aesni, measured in 24.04"
eb report -o "$TMP/co" "$F"
sed -n '/^## Findings/,/^All /p' "$TMP/co/report.md" | grep -qxF -- "$SAID" &&
	pass "the report's headline says which config the newest release did not measure" ||
	fail "the report's headline says which config the newest release did not measure"
# 24.04 lost aes-256-ccm and GCM's seq read: diff, its gate and the
# findings name what has no pair, which would pass unseen (audit 28 N01).
F=tests/data/analyze/cases-alone.csv
eb diff --fail-on regression --summary "$TMP/gate.md" "$F"
expect_rc "the gate over a release that lost cases passes what it compares" 0
expect_err_line "diff notes the cases of one release alone" \
	"encbench: note: 2 cases were measured in 23.10 and not in 24.04, so this diff does not compare them: aes-256-ccm fio seq-write seq write 1 MiB; aes-256-gcm fio seq-read seq read 1 MiB"
expect_err_line "the gate warns it could not check them" \
	"encbench: warning: 2 cases of 23.10 have no pair in 24.04 for --fail-on regression to check (a mode or test it did not measure): the gate cannot fail them; the summary lists them"
expect_file_is "the gate's summary lists them under their own heading" "$TMP/gate.md" \
	"encbench diff 23.10 → 24.04: 0 of 3 pairs fail --fail-on regression (threshold 0 %)

2 cases were measured in 23.10 and not in 24.04, so the gate did not check them:
- aes-256-ccm fio seq-write seq write 1 MiB
- aes-256-gcm fio seq-read seq read 1 MiB"
eb findings "$F"
[ "$(grep -cxF -- "- Measured in 23.10 and not in 24.04, so nothing here compares them: all of aes-256-ccm; aes-256-gcm fio seq-read seq read 1 MiB." "$TMP/out")" -eq 1 ] &&
	pass "findings name the mode and the test 24.04 did not measure" ||
	fail "findings name the mode and the test 24.04 did not measure"
# Beyond the three cases without a verdict a sentence names, the rest
# are counted by reason, never "and 3 more" alone (audit 28 N05).
eb findings tests/data/analyze/untestable-many.csv
grep -qF "no verdict for fio b seq write 1 MiB (single run), fio c seq write 1 MiB (single run), fio d seq write 1 MiB (single run) and 3 more (2 single runs, 1 without variation in the runs; encbench overhead lists each))." "$TMP/out" &&
	pass "findings count the cases without a verdict past three by reason" ||
	fail "findings count the cases without a verdict past three by reason"
# 24.04 measured the test but not its p99 (normal text of clones has
# none): the case is named by the metric it lacks, not as unmeasured.
eb diff tests/data/analyze/metric-alone.csv
expect_err_line "diff names the metric one release lacks" \
	"encbench: note: 2 cases were measured in 23.10 and not in 24.04, so this diff does not compare them: none fio w seq write 4 KiB, its 99th percentile latency; aes-256-gcm fio w seq write 4 KiB, its 99th percentile latency"
eb findings tests/data/analyze/metric-alone.csv
grep -qxF -- "- Measured in 23.10 and not in 24.04, so nothing here compares them: none fio w seq write 4 KiB, its lat_p99; aes-256-gcm fio w seq write 4 KiB, its lat_p99." "$TMP/out" &&
	pass "findings name the metric one release lacks" ||
	fail "findings name the metric one release lacks"
# GCM's throughput overhead held at 20 % while its latency overhead rose
# from +20 % to +200 %: the change sentence says which overhead held, and
# the latency's gets one of its own (audit 28 N02).
eb findings tests/data/analyze/latency-overhead-change.csv
[ "$(grep "overhead of AES-GCM" "$TMP/out")" = "- From 23.10 to 24.04, the throughput overhead of AES-GCM on reads changed by +0.0 percentage points (1 comparison): no clear change (95 % interval -2.5 to +2.4 pp).
- From 23.10 to 24.04, the latency overhead of AES-GCM on reads rose by 180.0 percentage points in 1 comparison: encryption got dearer (95 % interval +173.1 to +187.1 pp by the ratio of ratios)." ] &&
	pass "findings say the throughput overhead held and the latency overhead rose" ||
	fail "findings say the throughput overhead held and the latency overhead rose"
# One host whose job was renamed between releases: no release pair, and
# a sentence says nothing compares them (audit 25 K12).
SAID="- Of the releases 23.10 and 24.04, no two measured a test in common on one host (other jobs, block sizes or metrics in each), so nothing here compares releases."
eb findings tests/data/analyze/releases-no-common-test.csv
[ "$(grep -cxF -- "$SAID" "$TMP/out")" -eq 1 ] &&
	pass "findings say no two releases share a test" || fail "findings say no two releases share a test"
eb report -o "$TMP/nc" tests/data/analyze/releases-no-common-test.csv
sed -n '/^## Findings/,/^All /p' "$TMP/nc/report.md" | grep -qxF -- "$SAID" &&
	pass "the report's headline says no two releases share a test" ||
	fail "the report's headline says no two releases share a test"

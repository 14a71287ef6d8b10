# words.sh - the wording rules of findings and the report headline, word
# for word on small adversarial datasets (tests/data/words): hosts named
# whenever there are several, never pooled; throughput said of throughput,
# with CPU use or latency beside it when they changed.
. tests/e2e/lib.sh

D=tests/data/words

# headline_is NAME DIR EXPECTED: the Findings section of DIR/report.md
# lists exactly EXPECTED, each a sentence of DIR/findings.md.
headline_is() {
	got=$(sed -n '/^## Findings$/,/^\(All \|The one finding\)/p' "$2/report.md" | sed -n 's/^- //p')
	if [ "$got" = "$3" ]; then pass "$1"; else
		fail "$1"; printf '%s\n' "$got" | sed 's/^/  got: /'
		printf '%s\n' "$3" | sed 's/^/  wanted: /'; fi
	if python3 tests/e2e/report_check.py headline "$2" >"$TMP/why"; then
		pass "$1: every headline sentence is one of findings.md"
	else
		fail "$1: a headline sentence is not in findings.md"; cat "$TMP/why"
	fi
}

# Two hosts with opposite changes: laptop's baseline rose 10 % (100 to 110
# MB/s), server's fell 10 % (200 to 180); AES-GCM costs 5 % on laptop and
# 40 % on server. Every sentence names its host; no range spans both.
eb findings "$D/hosts-opposite.csv"
expect_out "two hosts, opposite changes: each sentence names its host" \
"- In 24.04 on laptop, AES-GCM costs 5.0 % of throughput on sequential writes (1 comparison; 95 % interval 3.0–7.0 %).
- In 24.04 on server, AES-GCM costs 40.0 % of throughput on sequential writes (1 comparison; 95 % interval 39.0–41.0 %).
- From 23.10 to 24.04 on laptop, the throughput of the unencrypted baseline (none) improved in 1 of 1 test, regressed in 0, stayed within ±2 % in 0 and changed by an amount the data cannot tell in 0 (Welch's t test, alpha 0.05, Holm over all 2 tests of the two releases on this host).
- From 23.10 to 24.04 on server, the throughput of the unencrypted baseline (none) improved in 0 of 1 test, regressed in 1, stayed within ±2 % in 0 and changed by an amount the data cannot tell in 0 (Welch's t test, alpha 0.05, Holm over all 2 tests of the two releases on this host).
- From 23.10 to 24.04 on laptop, the throughput overhead of AES-GCM on writes changed by +0.0 percentage points (1 comparison): no clear change (95 % interval -2.5 to +2.5 pp).
- From 23.10 to 24.04 on server, the throughput overhead of AES-GCM on writes changed by +0.0 percentage points (1 comparison): no clear change (95 % interval -1.2 to +1.2 pp)."
eb report -o "$TMP/opp" "$D/hosts-opposite.csv"
headline_is "two hosts, opposite changes: the headline keeps the hosts" "$TMP/opp" \
"In 24.04 on laptop, AES-GCM costs 5.0 % of throughput on sequential writes (1 comparison; 95 % interval 3.0–7.0 %).
From 23.10 to 24.04 on laptop, the throughput of the unencrypted baseline (none) improved in 1 of 1 test, regressed in 0, stayed within ±2 % in 0 and changed by an amount the data cannot tell in 0 (Welch's t test, alpha 0.05, Holm over all 2 tests of the two releases on this host).
From 23.10 to 24.04 on server, the throughput of the unencrypted baseline (none) improved in 0 of 1 test, regressed in 1, stayed within ±2 % in 0 and changed by an amount the data cannot tell in 0 (Welch's t test, alpha 0.05, Holm over all 2 tests of the two releases on this host).
From 23.10 to 24.04 on laptop, the throughput overhead of AES-GCM on writes changed by +0.0 percentage points (1 comparison): no clear change (95 % interval -2.5 to +2.5 pp).
From 23.10 to 24.04 on server, the throughput overhead of AES-GCM on writes changed by +0.0 percentage points (1 comparison): no clear change (95 % interval -1.2 to +1.2 pp).
In 24.04 on server, AES-GCM costs 40.0 % of throughput on sequential writes (1 comparison; 95 % interval 39.0–41.0 %)."

# Host and config confounded: host a ran the default config (AES-GCM 80
# against 100 MB/s), host b only noaesni (50 against 100). The config
# sentence must not read as host a's, nor the default one as b's.
eb findings "$D/host-config.csv"
expect_out "host and config confounded: host and config both named" \
"- In 24.04 on a, AES-GCM costs 20.0 % of throughput on sequential writes (1 comparison; 95 % interval 17.9–22.0 %).
- In 24.04 on b (noaesni), AES-GCM costs 50.0 % of throughput on sequential writes (1 comparison; 95 % interval 48.2–51.8 %)."
eb report -o "$TMP/hc" "$D/host-config.csv"
headline_is "host and config confounded: the headline names both hosts" "$TMP/hc" \
"In 24.04 on a, AES-GCM costs 20.0 % of throughput on sequential writes (1 comparison; 95 % interval 17.9–22.0 %).
In 24.04 on b (noaesni), AES-GCM costs 50.0 % of throughput on sequential writes (1 comparison; 95 % interval 48.2–51.8 %)."
# The figures are the overhead table's: 17.9 to 22.0 % on a, 48.2 to 51.8 % on b
# (each sentence is a family of one; the table, a family of its own, is
# shown unadjusted to compare).
eb overhead --adjust none "$D/host-config.csv"
if grep -q '| default | a    | .*costs 20.0 % (17.9 to 22.0 %) |$' "$TMP/out" &&
    grep -q '| noaesni | b    | .*costs 50.0 % (48.2 to 51.8 %) |$' "$TMP/out"; then
	pass "host and config confounded: the sentences' figures are the overhead table's"
else
	fail "host and config confounded: the sentences' figures are the overhead table's"
fi

# Hosts disjoint by release: 23.10 only on alpha (AES-GCM 80 against 100),
# 24.04 only on beta (45 against 50). Each host in its own newest release,
# named; the headline (of the main host, alpha) is a sentence of
# findings.md with its host.
eb findings "$D/hosts-disjoint.csv"
expect_out "hosts disjoint by release: each host in its own release, named" \
"- In 24.04 on beta, AES-GCM costs 10.0 % of throughput on sequential writes (1 comparison; 95 % interval 5.6–14.2 %).
- In 23.10 on alpha, AES-GCM costs 20.0 % of throughput on sequential writes (1 comparison; 95 % interval 17.9–22.0 %)."
eb report -o "$TMP/dis" "$D/hosts-disjoint.csv"
headline_is "hosts disjoint by release: the headline names its host" "$TMP/dis" \
"In 23.10 on alpha, AES-GCM costs 20.0 % of throughput on sequential writes (1 comparison; 95 % interval 17.9–22.0 %)."
# The section after it says whose release it is too, though 23.10 has one host.
grep '^## ' "$TMP/dis/report.md" | tr '\n' '|' > "$TMP/sections"
expect_file_is "hosts disjoint by release: the glance heading names the host" "$TMP/sections" \
	"## Findings|## 23.10 (c, alpha) at a glance|## Across releases|## More|"

# One host: no sentence names it (there is no other to tell it from).
eb findings "$D/single-host.csv"
expect_out "one host: named nowhere" \
"- In 24.04, AES-GCM costs 10.0 % of throughput on sequential writes (1 comparison; 95 % interval 7.8–12.1 %).
- From 23.10 to 24.04, the throughput of the unencrypted baseline (none) improved in 0 of 1 test, regressed in 0, stayed within ±2 % in 0 and changed by an amount the data cannot tell in 1 (Welch's t test, alpha 0.05, Holm over all 2 tests of the two releases).
- From 23.10 to 24.04, the throughput overhead of AES-GCM on writes changed by +0.0 percentage points (1 comparison): no clear change (95 % interval -2.6 to +2.5 pp)."
eb report -o "$TMP/one" "$D/single-host.csv"
# (The page's title says whose runs they are; the sentences do not.)
if [ "$(grep -c '^- ' "$TMP/one/findings.md")" -eq 3 ] &&
    ! grep '^- ' "$TMP/one/findings.md" | grep -q solo &&
    ! sed -n '/^## Findings$/,/^\(All \|The one finding\)/p' "$TMP/one/report.md" | grep -q solo; then
	pass "one host: no sentence of findings.md or of the headline names it"
else
	fail "one host: no sentence of findings.md or of the headline names it"
fi

# Throughput unchanged (100 MB/s both), CPU use up from 20 to 40 % (+100 %),
# latency 100 against 101 µs with a spread of 10 (no measurable change):
# "no measurable overhead" is said of throughput, CPU use beside it, and
# latency, which did not change measurably, is not.
eb findings "$D/tput-flat-cpu-up.csv"
expect_out "throughput flat, CPU up: said of throughput, CPU use beside it" \
"- In 24.04, AES-GCM shows no measurable overhead of throughput on sequential writes (1 comparison; 95 % interval between 2.3 % faster and 2.2 % slower). With AES-GCM, CPU use rose by 100.0 % (95 % interval 83.3–119.3 %)."
eb overhead "$D/tput-flat-cpu-up.csv"
if grep -q '| CPU  *| aes-256-gcm | .* CPU +100.0 % (+83.3 to +119.3 %) |$' "$TMP/out" &&
    grep -q '| mean latency | aes-256-gcm | .*no measurable overhead' "$TMP/out"; then
	pass "throughput flat, CPU up: the CPU figures are the overhead table's"
else
	fail "throughput flat, CPU up: the CPU figures are the overhead table's"
fi
eb report -o "$TMP/cpu" "$D/tput-flat-cpu-up.csv"
headline_is "throughput flat, CPU up: the headline keeps CPU use" "$TMP/cpu" \
"In 24.04, AES-GCM shows no measurable overhead of throughput on sequential writes (1 comparison; 95 % interval between 2.3 % faster and 2.2 % slower). With AES-GCM, CPU use rose by 100.0 % (95 % interval 83.3–119.3 %)."

# The audit's case: CPU +166.7 % and latency -20.0 % beside a throughput
# that did not move (tests/data/words/lat-cpu.csv, 3 runs of each).
eb findings "$D/lat-cpu.csv"
expect_out "CPU up and latency down: both beside the throughput" \
"- In 24.04, AES-GCM shows no measurable overhead of throughput on sequential writes (1 comparison; 95 % interval between 0.2 % faster and 0.2 % slower). With AES-GCM, CPU use rose by 166.7 % (95 % interval 132.8–210.2 %); latency fell by 20.0 % (95 % interval 19.8–20.2 %)."

# A mode faster than none in throughput says so, and that it is throughput.
eb findings "$D/faster.csv"
expect_out "a faster mode: faster in throughput" \
"- In 24.04, geli is 10.0 % faster in throughput on sequential writes (1 comparison; 95 % interval 7.6–12.4 % faster)."

# A family whose cases part ways on one segment (sequential reads: 128-bit
# keys 0.2 % faster with no measurable overhead, 256-bit 5.5 % faster, as
# the overhead table gives them): the spread is said as speed-ups, never
# as negative costs, and a kind no case has is left out. Latency rose in
# two tests and fell in one: each direction with its own count.
eb findings "$D/mixed-sign.csv"
head -1 "$TMP/out" > "$TMP/first"
expect_file_is "a family that parts ways: speed-ups in words, no zero counts" "$TMP/first" \
"- In 24.04, AES-GCM costs 3.3–10.0 % of throughput on sequential writes; throughput on sequential reads: it is faster in 1 and shows no measurable overhead in 1 of 2 cases (estimates 0.2–5.5 % faster) (4 comparisons, 2 key sizes; ranges are the spread of the estimates; their Holm-adjusted 95 % intervals lie between 6.6 % faster and 11.0 % slower, Holm over 4 tests). With AES-GCM, latency rose by 3.0–11.0 % in 2 of 4 tests (Holm-adjusted 95 % intervals within 2.3–11.8 %, Holm over 4 tests) and fell by 4.8 % in 1 of 4 tests (Holm-adjusted 95 % interval 4.1–5.6 %, Holm over 4 tests)."
if grep -q 'estimates -\|costs in 0\|faster in 0 ' "$TMP/out"; then
	fail "a family that parts ways: no negative estimate, no count of 0"
else
	pass "a family that parts ways: no negative estimate, no count of 0"
fi
eb overhead --adjust none "$D/mixed-sign.csv"
if grep -q '| fio seq read 1 MiB  | throughput   | aes-256-gcm | .* 5.5 % faster (4.7 to 6.2 %) |$' "$TMP/out" &&
    grep -q '| fio seq read 1 MiB  | throughput   | aes-128-gcm | .*1.002 (0.994–1.010) | no measurable overhead' "$TMP/out"; then
	pass "a family that parts ways: the figures are the overhead table's"
else
	fail "a family that parts ways: the figures are the overhead table's"
fi

# Chart value labels print as the diff table does (one decimal, more where
# needed): -10.6 %, not "-11 %", beside +9.9 %.
eb diff "$D/diff-labels.csv"
grep -o '[-+][0-9.]* % (' "$TMP/out" | sed 's/ ($//; s/^-/−/' | tr '\n' '|' > "$TMP/table"
eb chart --kind diff "$D/diff-labels.csv" -o "$TMP/diff.svg"
grep -o '<text[^>]*>[^<]*</text>' "$TMP/diff.svg" | sed 's/<[^>]*>//g' | grep '^[−+][0-9.]* %$' |
    grep -v '^−*[0-9]* %$' | tr '\n' '|' > "$TMP/labels"
expect_file_is "diff chart labels: the table's figures, one decimal" "$TMP/labels" "$(cat "$TMP/table")"
expect_file_is "diff chart labels: as the table prints them" "$TMP/table" \
	"+9.9 %|+8.7 %|+9.5 %|+9.6 %|−10.6 %|−9.8 %|−10.8 %|−10.5 %|"

# A latency heat map says its cells are relative increases, as the
# overhead chart does: +3.0 % is 103 against 100 µs, not "lost".
eb chart --kind heatmap --metric lat_mean "$D/mixed-sign.csv" -o "$TMP/heat.svg"
grep -o '<text[^>]*>[^<]*</text>' "$TMP/heat.svg" | sed 's/<[^>]*>//g' > "$TMP/texts"
if grep -qxF "Cost of encryption: mean latency increase against none" "$TMP/texts" &&
    grep -qF "Overhead: (mean with the mode ÷ mean with none − 1) × 100" "$TMP/texts" &&
    grep -qxF "3.0 %" "$TMP/texts" && ! grep -q "lost" "$TMP/texts"; then
	pass "latency heat map: titled and footnoted as a relative increase"
else
	fail "latency heat map: titled and footnoted as a relative increase"
fi

# Config sentences keep the config diff's family (audit 15 L2) and its
# verdicts: 2-cores' write is "unchanged" (-0.8 to +0.8 %) there, and
# counted so, its read "no clear change" (audit 16 M6). All 4
# tests of the two configs on the host, as "diff --from-config" adjusts,
# so no sentence calls significant what the diff table does not. The
# no-aesni AES-GCM read (1800 against 1000 ± 300) is p 0.044 raw, 0.13
# over 4: no verdict in both; its interval stops where the compared
# side's reaches 0, "at most +29.2 %", not "unbounded" (audit 15 L4).
eb findings "$D/config-family.csv"
grep -qxF -- "- In 24.04, config no-aesni instead of default changes AES-GCM throughput by -44.4 %: higher in 0, lower in 1 and no clear change in 1 of 2 comparisons (Holm-adjusted 95 % intervals reaching at most +29.2 %, Holm over all 4 tests of the two configs)." "$TMP/out" &&
	grep -qxF -- "- In 24.04, config 2-cores instead of default keeps AES-GCM throughput within ±2 % in 1 and shows no clear change in 1 of 2 comparisons (changes +0.0 %; Holm-adjusted 95 % intervals within -2.8 to +2.8 %, Holm over all 4 tests of the two configs)." "$TMP/out" &&
	pass "config sentences: the diff's family and verdicts" ||
	fail "config sentences: the diff's family and verdicts"
eb diff --from-config default --to-config no-aesni "$D/config-family.csv"
grep -qF '| default | fio j seq read 4 KiB  | throughput | aes-256-gcm | 1.80 kB/s (n=3) | 1.00 kB/s (n=3) |      -44.4 % (at most +29.2 %) |    0.13 | no clear change |' "$TMP/out" &&
	pass "config diff: the same verdict, a bounded interval" ||
	fail "config diff: the same verdict, a bounded interval"
eb diff --from-config default --to-config 2-cores "$D/config-family.csv"
grep -qF '| default | fio j seq read 4 KiB  | throughput | aes-256-gcm | 1.80 kB/s (n=3) | 1.80 kB/s (n=3) |        +0.0 % (-2.8 to +2.8 %) |   1 | no clear change |' "$TMP/out" &&
	pass "config diff: no clear change where the findings say so" ||
	fail "config diff: no clear change where the findings say so"

# An unbounded speed-up (24.04's none writes 10, 1000 and 5 B/s: an
# interval through 0) is "47.8 % faster (unbounded)", never a negative
# cost, and the diff's overhead column calls neither side a cost when a
# release's own overhead has no bounds (audit 16 M5).
eb overhead "$D/unbounded-speedup.csv"
grep -qF '| 24.04   | fio j seq write 4 KiB | throughput | aes-256-gcm  |   3 | 500 B/s |   338 B/s |             1.478 (unbounded) |  47.8 % faster (unbounded): the baseline'"'"'s interval includes 0, so the data cannot tell |' "$TMP/out" &&
	! grep -q -- '-47.8 %' "$TMP/out" &&
	pass "unbounded speed-up: faster, not a negative cost" ||
	fail "unbounded speed-up: faster, not a negative cost"
eb diff "$D/unbounded-speedup.csv"
grep -qF '|   10.0 % → 47.8 % faster: -57.8 pp (unbounded) |' "$TMP/out" &&
	! grep -q 'costs 10.0 %' "$TMP/out" &&
	pass "unbounded speed-up: the diff names no cost" ||
	fail "unbounded speed-up: the diff names no cost"

# The glance table's relative time pools a mode's tests: where none of
# them tells the mode from none (aes-128-gcm: ~ on reads and writes), the
# pooled estimate is ~ too, and its interval Bonferroni-adjusted over the
# 3 modes (audit 16 M4).
eb report -o "$TMP/pooled" "$D/glance-pooled.csv"
grep -qF '| aes-128-gcm          |         ~ (1.0002–1.036) |         ~ (-3.9 to +4.0) |          ~ (-7.3 to +0.5) |' "$TMP/pooled/report.md" &&
	grep -qF 'with its 95 % interval, Bonferroni-adjusted over the 3 modes (delta method' "$TMP/pooled/report.md" &&
	pass "glance: a pooled estimate claims no more than its tests" ||
	fail "glance: a pooled estimate claims no more than its tests"

# Two tests of exactly one p (1.648e-05) rank alike in every output: the
# overhead table, the findings and the glance table give each case one
# Holm-adjusted interval (audit 17 P9).
eb overhead --release 24.04 --config default "$D/holm-tie.csv"
grep -q 'aes-256-gcm .*costs 10.0 % (8.6 to 11.3 %) |$' "$TMP/out" &&
	grep -q 'aes-256-gcm .*costs 20.0 % (17.9 to 22.0 %) |$' "$TMP/out" &&
	pass "Holm tie: the overhead table's intervals" || fail "Holm tie: the overhead table's intervals"
eb report -o "$TMP/tie" "$D/holm-tie.csv"
grep -qF '| aes-256-gcm     |      1.179 (1.164–1.194) |    -10.0 (-11.3 to -8.6) |    -20.0 (-22.0 to -17.9) |' "$TMP/tie/report.md" &&
	grep -qF 'their Holm-adjusted 95 % intervals lie within 8.6–22.0 %, Holm over 2 tests' "$TMP/tie/report.md" &&
	pass "Holm tie: the glance table and the headline agree with it" ||
	fail "Holm tie: the glance table and the headline agree with it"

# Cases without a verdict (one run, no variation) are counted apart from
# "no clear change" in a config sentence, and a glance row pooling a case
# run once says it has no interval, never "unbounded".
eb findings "$D/config-verdicts.csv"
grep -qF -- "- In 24.04 on a, config no-aesni instead of default keeps AES-GCM throughput within ±2 % in 2, shows no clear change in 4 and has no verdict in 4 of 10 comparisons (" "$TMP/out" &&
	pass "config sentence: no verdict is counted apart" || fail "config sentence: no verdict is counted apart"
eb report -o "$TMP/once" "$D/config-verdicts.csv"
grep -q '^| aes-256-gcm     | 1.032 (no interval: a case run once) |' "$TMP/once/report.md" &&
	pass "glance: a case run once leaves the relative time without an interval" ||
	fail "glance: a case run once leaves the relative time without an interval"

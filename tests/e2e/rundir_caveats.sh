# rundir_caveats.sh - what a run's meta.json says of how it was measured
# qualifies every claim it bears on (outside audit 8, E5 and F4): a mode
# folder nothing encrypts, reads that may come from the page cache, a
# baseline on other storage, a config name the CPU facts contradict.
# Real dd and fio outputs, a hand-written meta.json for each case.
. tests/e2e/lib.sh

# meta DIR CONFIG DROP NONE-FS NONE-DEV NONE-ENC MODE-FS MODE-DEV MODE-ENC
# [AES] [ICP] [CPUS]: a dir-backend run's meta.json, the runner's fields.
meta() {
	cat > "$1/meta.json" <<EOF
{
  "release": "24.04",
  "host": "testbox",
  "config": "$2",
  "cpu_flags": {"aes": ${10:-true}, "avx2": true, "vaes": false},
  "cores": 2,
  "cpus_online": "${12:-0-1}",
  "icp": ${11:-null},
  "runner": {"backend": "dir", "modes": "none,aes-256-gcm", "tests": "dd,fio", "reps": 2,
    "drop_caches": $3,
    "targets": {
      "none": {"path": "/srv/n", "fs": "$4", "device": "$5", "encryption": $6},
      "aes-256-gcm": {"path": "/srv/e", "fs": "$7", "device": "$8", "encryption": $9}
    }}
}
EOF
}
fresh() { rm -rf "$TMP/r" "$TMP/rep"; cp -r tests/data/rundir/caveats "$TMP/r"; }
expect_line() { # NAME FILE EXACT-LINE
	if grep -qxF -- "$3" "$2"; then pass "$1"; else
		fail "$1"; echo "  wanted a line of $2: $3"; fi
}
expect_has() { # NAME FILE TEXT (some line holds it)
	if grep -qF -- "$3" "$2"; then pass "$1"; else
		fail "$1"; echo "  wanted in $2: $3"; fi
}
expect_none() { # NAME FILE TEXT (no line holds it)
	if grep -qF -- "$3" "$2"; then fail "$1"; grep -F -- "$3" "$2" | head -3; else pass "$1"; fi
}

UNVERIFIED='encryption was not verified for aes-256-gcm: the run found nothing encrypting its folder (runner.targets.aes-256-gcm.encryption is null), so its figures are not known to be those of encryption'
CACHED='reads by dd and fio may have come from the page cache (the run did not drop caches: runner.drop_caches is false)'

# 1. The dir backend's plain run: nothing encrypts the mode's folder, and
# caches were not dropped (audit 8's E5).
fresh
meta "$TMP/r" default false ext4 /dev/vda null ext4 /dev/vda null
eb ingest "$TMP/r"
expect_rc "records still flow from a run whose mode nothing encrypts" 0
[ "$(sed 1d "$TMP/out" | cut -d, -f4 | sort | uniq -c | tr -s ' ' | tr '\n' '/')" = \
	" 14 aes-256-gcm/ 14 none/" ] && pass "every record of both modes is read (14 and 14)" ||
	fail "every record of both modes is read (14 and 14)"
expect_err_line "ingest warns of the mode nothing encrypts, at its line of meta.json" \
	"$TMP/r/meta.json:13: warning: runner.targets.aes-256-gcm.encryption is null: the run found no encryption under /srv/e; its records are read, and report and findings say that encryption was not verified"
expect_err_line "and of the caches the run did not drop, at runner.drop_caches" \
	"$TMP/r/meta.json:10: warning: runner.drop_caches is false: dd and fio reads may have come from the page cache; report and findings say so beside each claim about reads"
[ "$(grep -c "meta.json:[0-9]*: warning" "$TMP/err")" -eq 2 ] && pass "once each for a run folder of 14 files (2 warnings)" ||
	fail "once each for a run folder of 14 files (2 warnings)"
eb findings "$TMP/r"
expect_out "findings qualify the mode's sentence with both facts" \
	"- In 24.04, AES-GCM shows no measurable overhead of throughput on sequential writes (estimate 5.0 % faster); measured 0.7–2.8 % slower in throughput on sequential reads than the baseline, without a verdict (3 comparisons; ranges are the spread of the estimates; the one Holm-adjusted 95 % interval lies between 59.8 % faster and 25.7 % slower, Holm over 3 tests; no verdict for dd read 1 MiB (unbounded interval), fio seq read 1 MiB (unbounded interval)). Caveats from meta.json: $UNVERIFIED; $CACHED."
eb overhead -q "$TMP/r"
[ "$(tail -n 1 "$TMP/out")" = "Caveats from meta.json: $UNVERIFIED; $CACHED." ] &&
	pass "the overhead table's verdicts are qualified under it" ||
	fail "the overhead table's verdicts are qualified under it"
eb report -o "$TMP/rep" "$TMP/r"
expect_rc "the report is written" 0
expect_line "the report's title does not call it what encryption costs" "$TMP/rep/report.md" \
	"# What the modes cost against none on testbox in 24.04 (no encryption found under aes-256-gcm)"
expect_none "no page says 'What disk encryption costs'" "$TMP/rep/report.md" "What disk encryption costs"
expect_line "the method section opens its list" "$TMP/rep/report.md" \
	"What meta.json says qualifies these figures:"
expect_line "the method section says it once" "$TMP/rep/report.md" \
	"- Encryption was not verified for aes-256-gcm: the run found nothing encrypting its folder (runner.targets.aes-256-gcm.encryption is null), so its figures are not known to be those of encryption."
expect_line "and that reads may have come from the page cache" "$TMP/rep/report.md" \
	"- Reads by dd and fio may have come from the page cache (the run did not drop caches: runner.drop_caches is false)."
expect_line "the glance table is qualified right below it" "$TMP/rep/report.md" \
	"Caveats from meta.json: $UNVERIFIED; $CACHED."
for page in data.md findings.md trend.md releases/24.04.md; do
	expect_line "$page says what meta.json says" "$TMP/rep/$page" \
		"- Encryption was not verified for aes-256-gcm: the run found nothing encrypting its folder (runner.targets.aes-256-gcm.encryption is null), so its figures are not known to be those of encryption."
done
n_gcm=$(grep -c 'AES-GCM' "$TMP/rep/findings.md")
n_q=$(grep 'AES-GCM' "$TMP/rep/findings.md" | grep -c 'encryption was not verified for aes-256-gcm')
[ "$n_gcm" -ge 1 ] && [ "$n_gcm" -eq "$n_q" ] &&
	pass "every finding about AES-GCM says encryption was not verified ($n_q of $n_gcm)" ||
	fail "every finding about AES-GCM says encryption was not verified ($n_q of $n_gcm)"

# 2. What is verified and was dropped qualifies nothing: the findings are
# those of the same outputs with no runner facts at all.
fresh
meta "$TMP/r" default true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"'
eb findings "$TMP/r"
cp "$TMP/out" "$TMP/verified"
expect_rc "a verified run reads" 0
[ ! -s "$TMP/err" ] && pass "and warns of nothing" || fail "and warns of nothing"
printf '{"release": "24.04", "host": "testbox", "config": "default"}\n' > "$TMP/r/meta.json"
eb findings "$TMP/r"
cmp -s "$TMP/out" "$TMP/verified" && pass "its findings are those of a meta.json without runner facts" ||
	fail "its findings are those of a meta.json without runner facts"

# 3. The baseline on tmpfs, the mode on ext4 on a disk (E5's other half):
# the difference is not only encryption.
fresh
meta "$TMP/r" default true tmpfs tmpfs null ext4 /dev/mapper/e '"dm-crypt"'
eb ingest "$TMP/r"
expect_err_line "ingest warns of the mode on other storage than the baseline" \
	"$TMP/r/meta.json:13: warning: runner.targets: aes-256-gcm is on ext4 (/dev/mapper/e), the baseline none on tmpfs (tmpfs): the difference between them is not only encryption"
eb findings "$TMP/r"
expect_has "findings say the difference is not only encryption" "$TMP/out" \
	"Caveat from meta.json: the two sides ran on other storage: aes-256-gcm on ext4 (/dev/mapper/e) and none on tmpfs (tmpfs) (runner.targets), so the difference is not only encryption."
expect_none "and nothing of encryption or caches, which meta.json vouches for" "$TMP/out" "page cache"

# 4. Cached reads qualify claims about reads only: a run of writes alone
# says nothing of the page cache.
fresh
meta "$TMP/r" default false ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"'
rm "$TMP/r"/*/dd-read-* "$TMP/r"/*/fio-seq-read-*
eb findings "$TMP/r"
expect_rc "a run of writes reads" 0
expect_none "its findings say nothing of the page cache" "$TMP/out" "page cache"
expect_has "though ingest warns of the caches" "$TMP/err" "warning: runner.drop_caches is false"
eb report -o "$TMP/rep" "$TMP/r"
expect_line "and the report keeps its title" "$TMP/rep/report.md" \
	"# What disk encryption costs on testbox in 24.04"

# 5. F4: a no-aesni config (in any spelling encbench reads as it) on a CPU
# with AES-NI and nothing that turned it off.
for spelling in noaesni 'No AES-NI' no_aesni; do
	fresh
	meta "$TMP/r" "$spelling" true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"'
	eb ingest "$TMP/r"
	expect_err_line "config '$spelling' against cpu_flags.aes true warns, naming the fields" \
		"$TMP/r/meta.json:4: warning: config 'no-aesni' says AES-NI was off, but meta.json says the CPU has it and records nothing that turned it off (cpu_flags.aes is true and icp is null (no setting of ZFS's ICP turned it off)); report and findings say so beside this config's claims"
done
eb findings "$TMP/r"
expect_has "findings qualify the config's claims" "$TMP/out" \
	"Caveat from meta.json: the configuration name no-aesni says AES-NI was off, but meta.json says the CPU has it and records nothing that turned it off (cpu_flags.aes is true and icp is null (no setting of ZFS's ICP turned it off))."
fresh
meta "$TMP/r" no-aesni true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"' true \
	'{"aes_impl": "generic", "gcm_impl": "generic"}'
eb ingest "$TMP/r"
[ ! -s "$TMP/err" ] && pass "no-aesni with icp.aes_impl generic is what it says: no warning" ||
	fail "no-aesni with icp.aes_impl generic is what it says: no warning"
fresh
meta "$TMP/r" no-aesni true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"' true \
	'{"aes_impl": "fastest", "gcm_impl": "avx"}'
eb ingest "$TMP/r"
expect_err_line "no-aesni with icp.aes_impl fastest on an AES-NI CPU warns" \
	"$TMP/r/meta.json:4: warning: config 'no-aesni' says AES-NI was off, but meta.json says the CPU has it and records nothing that turned it off (icp.aes_impl is fastest and cpu_flags.aes is true); report and findings say so beside this config's claims"
fresh
meta "$TMP/r" aesni-off-fast true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"'
eb ingest "$TMP/r"
expect_err_line "a label encbench does not read as no-aesni, but that speaks of AES-NI, is named" \
	"$TMP/r/meta.json:4: warning: config 'aesni-off-fast' may say AES-NI was off, but meta.json says the CPU has it and records nothing that turned it off (cpu_flags.aes is true and icp is null (no setting of ZFS's ICP turned it off)); report and findings say so beside this config's claims"

# F4's other half: an N-cores config against the CPUs online.
for spelling in cores-2 2cpu '2 CPUs'; do
	fresh
	meta "$TMP/r" "$spelling" true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"' true null 0-3
	eb ingest "$TMP/r"
	expect_err_line "config '$spelling' against cpus_online 0-3 warns" \
		"$TMP/r/meta.json:4: warning: config '2-cores' says 2 CPUs, but meta.json's cpus_online is 0-3 (4 CPUs); report and findings say so beside this config's claims"
done
eb report -o "$TMP/rep" "$TMP/r"
expect_has "the report's findings qualify the config's claims" "$TMP/rep/report.md" \
	"Caveat from meta.json: the configuration name 2-cores says 2 CPUs, but meta.json's cpus_online is 0-3 (4 CPUs)."
fresh
meta "$TMP/r" 2-cores true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"' true null 0,2
eb ingest "$TMP/r"
[ ! -s "$TMP/err" ] && pass "2-cores with cpus_online 0,2 (2 CPUs) is what it says: no warning" ||
	fail "2-cores with cpus_online 0,2 (2 CPUs) is what it says: no warning"
fresh
meta "$TMP/r" smp2 true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"' true null 0-3
eb ingest "$TMP/r"
expect_err_line "a label that may name a CPU count encbench does not read is named" \
	"$TMP/r/meta.json:4: warning: config 'smp2' may name a CPU count that encbench does not read; meta.json's cpus_online is 0-3 (4 CPUs)"

# An encrypted baseline folder is no unencrypted baseline.
fresh
meta "$TMP/r" default true ext4 /dev/vda '"zfs:aes-256-gcm"' ext4 /dev/vda '"zfs:aes-256-gcm"'
eb findings "$TMP/r"
expect_err_line "ingest warns of an encrypted baseline folder" \
	"$TMP/r/meta.json:12: warning: runner.targets.none.encryption is \"zfs:aes-256-gcm\": the baseline's folder is encrypted, so the modes are not compared with unencrypted storage"
expect_has "and findings say so" "$TMP/out" \
	"Caveat from meta.json: the baseline none is not unencrypted storage: its folder is encrypted (runner.targets.none.encryption is \"zfs:aes-256-gcm\")."

# Two folders on one file system type count as other storage on other
# devices, unless one is dm-crypt's mapping; ZFS datasets of one pool are
# one storage.
fresh
meta "$TMP/r" default true ext4 /dev/vdb null ext4 /dev/vda '"fscrypt"'
eb findings "$TMP/r"
expect_has "ext4 on /dev/vda against ext4 on /dev/vdb is other storage" "$TMP/out" \
	"the two sides ran on other storage: aes-256-gcm on ext4 (/dev/vda) and none on ext4 (/dev/vdb) (runner.targets), so the difference is not only encryption."
fresh
meta "$TMP/r" default true zfs tank/none null zfs tank/aes '"zfs:aes-256-gcm"'
eb findings "$TMP/r"
[ ! -s "$TMP/err" ] && ! grep -q Caveat "$TMP/out" &&
	pass "two datasets of one ZFS pool are one storage: no warning, no caveat" ||
	fail "two datasets of one ZFS pool are one storage: no warning, no caveat"
fresh
meta "$TMP/r" default true zfs tank/none null zfs fast/aes '"zfs:aes-256-gcm"'
eb ingest "$TMP/r"
expect_err_line "datasets of two pools are other storage" \
	"$TMP/r/meta.json:13: warning: runner.targets: aes-256-gcm is on zfs (fast/aes), the baseline none on zfs (tank/none): the difference between them is not only encryption"

# bonnie++ reads of a run whose file was smaller than twice the RAM.
fresh
rm -f "$TMP/r"/*/*
cp tests/data/bonnie/bonnie-2.00a_s16M.csv "$TMP/r/none/bonnie-r1.csv"
cp tests/data/bonnie/bonnie-2.00a_s48M.csv "$TMP/r/aes-256-gcm/bonnie-r1.csv"
meta "$TMP/r" default true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"'
sed -i 's/"tests": "dd,fio"/"tests": "bonnie", "bonnie_reads_may_be_cached": true/; s/"reps": 2/"reps": 1/' "$TMP/r/meta.json"
eb findings "$TMP/r"
expect_err_line "ingest warns of bonnie++ reads that may be cached" \
	"$TMP/r/meta.json:9: warning: runner.bonnie_reads_may_be_cached is true: bonnie++ reads may have come from memory; report and findings say so beside each claim about them"
expect_has "findings say bonnie++ reads may have come from memory" "$TMP/out" \
	"reads by bonnie++ may have come from memory (its file was smaller than twice the RAM: runner.bonnie_reads_may_be_cached is true)"
expect_none "and nothing of dd and fio, which the run did not use" "$TMP/out" "page cache"

# The HTML report says it once, in its method part, and in the findings.
fresh
meta "$TMP/r" default false ext4 /dev/vda null ext4 /dev/vda null
eb report --format html -o "$TMP/rep" "$TMP/r"
n=$(grep -o 'What meta.json says qualifies these figures' "$TMP/rep/report.html" | wc -l)
[ "$n" -eq 1 ] && pass "report.html lists the caveats once (1)" || fail "report.html lists the caveats once (1, got $n)"

# An empty or false encryption, as a hand writes "none found", is null.
for v in '""' false; do
	fresh
	meta "$TMP/r" default true ext4 /dev/vda null ext4 /dev/vda "$v"
	eb ingest "$TMP/r"
	expect_err_line "encryption $v is read as nothing found" \
		"$TMP/r/meta.json:13: warning: runner.targets.aes-256-gcm.encryption is null: the run found no encryption under /srv/e; its records are read, and report and findings say that encryption was not verified"
done

# A config sentence names the config once: no "no-aesni (no-aesni)".
fresh
meta "$TMP/r" no-aesni true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"'
mkdir "$TMP/two" && mv "$TMP/r" "$TMP/two/no-aesni" && cp -r tests/data/rundir/run-24.04 "$TMP/two/default"
sed -i 's/"testbox", "config": "default"/"testbox", "config": "default", "runner": {"drop_caches": true, "targets": {"none": {"fs": "ext4", "device": "\/dev\/vda", "encryption": null}}}/' "$TMP/two/default/meta.json"
# Other dd runs for no-aesni (the copies of run-24.04 would be one run
# read twice): 64 MiB in the seconds given, dd's rate rounded as it prints.
rm -f "$TMP/two/no-aesni"/*/*
dd_out() { printf '64+0 records in
64+0 records out
67108864 bytes (67 MB, 64 MiB) copied, %s s, %s GB/s
' "$2" "$3" > "$1"; }
dd_out "$TMP/two/no-aesni/none/dd-read-r1.txt" 0.0200 3.4
dd_out "$TMP/two/no-aesni/none/dd-read-r2.txt" 0.0210 3.2
dd_out "$TMP/two/no-aesni/none/dd-write-r1.txt" 0.0400 1.7
dd_out "$TMP/two/no-aesni/none/dd-write-r2.txt" 0.0420 1.6
dd_out "$TMP/two/no-aesni/aes-256-gcm/dd-read-r1.txt" 0.0250 2.7
dd_out "$TMP/two/no-aesni/aes-256-gcm/dd-read-r2.txt" 0.0260 2.6
dd_out "$TMP/two/no-aesni/aes-256-gcm/dd-write-r1.txt" 0.0500 1.3
dd_out "$TMP/two/no-aesni/aes-256-gcm/dd-write-r2.txt" 0.0520 1.3
eb findings "$TMP/two"
expect_has "a config's caveat names it once" "$TMP/out" \
	"Caveat from meta.json: the configuration name no-aesni says AES-NI was off, but meta.json says the CPU has it and records nothing that turned it off (cpu_flags.aes is true and icp is null (no setting of ZFS's ICP turned it off))."
expect_none "never twice" "$TMP/out" "no-aesni (no-aesni)"

# Audit 10, H2: a mode's folder that another encryption encrypts (a ZFS
# dataset of aes-128-ccm under aes-256-gcm; fscrypt under a ZFS mode's
# name) is said to be that encryption's, at ingest and beside each claim.
for v in '"zfs:aes-128-ccm"' '"fscrypt"'; do
	fresh
	meta "$TMP/r" default true ext4 /dev/vda null ext4 /dev/vda "$v"
	eb ingest "$TMP/r"
	expect_err_line "encryption $v under aes-256-gcm is warned of" \
		"$TMP/r/meta.json:13: warning: runner.targets.aes-256-gcm.encryption is $v: the run found other encryption than the mode aes-256-gcm names under its folder; its records are read, and report and findings say so beside its claims"
	eb findings "$TMP/r"
	expect_has "and each finding of aes-256-gcm says so ($v)" "$TMP/out" \
		"aes-256-gcm was not measured as its name says: the run found $v encrypting its folder (runner.targets.aes-256-gcm.encryption), so its figures are that encryption's"
	# The report's list capitalises each item: its first word is a word,
	# never the mode's label ("Aes-256-gcm was not measured").
	eb report -o "$TMP/rep-$$" "$TMP/r"
	expect_line "the report's caveat list keeps the mode's case ($v)" "$TMP/rep-$$/report.md" \
		"- The mode aes-256-gcm was not measured as its name says: the run found $v encrypting its folder (runner.targets.aes-256-gcm.encryption), so its figures are that encryption's."
	expect_none "and never writes Aes-256-gcm ($v)" "$TMP/rep-$$/report.md" "Aes-256-gcm"
	rm -rf "$TMP/rep-$$"
done
fresh
meta "$TMP/r" default true ext4 /dev/vda null ext4 /dev/vda '"zfs:aes-256-gcm"'
eb ingest "$TMP/r"
[ "$(grep -c warning "$TMP/err")" -eq 0 ] && pass "the mode's own ZFS encryption gives no warning" ||
	fail "the mode's own ZFS encryption gives no warning"

# Audit 10, H4: a caveat field is trusted only when it is exactly right.
# meta_runner DIR MEMBERS: a dir-backend run's meta.json whose runner
# section holds MEMBERS after its backend, modes, tests and reps.
meta_runner() {
	cat > "$1/meta.json" <<EOF2
{
  "release": "24.04",
  "host": "testbox",
  "config": "default",
  "runner": {"backend": "dir", "modes": "none,aes-256-gcm", "tests": "dd,fio", "reps": 2$2
  }
}
EOF2
}
NONE_T='"none": {"path": "/srv/n", "fs": "ext4", "device": "/dev/vda", "encryption": null}'
GCM_T='"aes-256-gcm": {"path": "/srv/e", "fs": "ext4", "device": "/dev/mapper/e", "encryption": "dm-crypt"}'
# A yes-or-no of another type is no answer: a located error naming the
# key and the type it must be, and nothing written.
for v in null 0 1 '"false"' '"no"' '[]'; do
	fresh
	meta_runner "$TMP/r" ",
    \"drop_caches\": $v,
    \"targets\": {$NONE_T, $GCM_T}"
	eb ingest "$TMP/r"
	expect_rc "drop_caches $v is refused" 65
	expect_err_line "at its line, with the type it must be ($v)" \
		"$TMP/r/meta.json:6: error: \"runner.drop_caches\" in meta.json must be true or false"
done
fresh
meta_runner "$TMP/r" ",
    \"drop_caches\": true, \"bonnie_reads_may_be_cached\": \"false\",
    \"targets\": {$NONE_T, $GCM_T}"
eb ingest "$TMP/r"
expect_err_line "bonnie_reads_may_be_cached as a string is refused" \
	"$TMP/r/meta.json:6: error: \"runner.bonnie_reads_may_be_cached\" in meta.json must be true or false"
for v in '[]' '"ext4"' null; do
	fresh
	meta_runner "$TMP/r" ",
    \"drop_caches\": true,
    \"targets\": $v"
	eb ingest "$TMP/r"
	expect_err_line "targets $v is refused" \
		"$TMP/r/meta.json:7: error: \"runner.targets\" in meta.json must be an object of each mode's folder"
done
fresh
meta_runner "$TMP/r" ",
    \"drop_caches\": true,
    \"targets\": {$NONE_T,
      \"aes-256-gcm\": \"/srv/e\"}"
eb ingest "$TMP/r"
expect_err_line "a mode's folder that is no object is refused" \
	"$TMP/r/meta.json:8: error: \"runner.targets.aes-256-gcm\" in meta.json must be an object"
for v in 0 true '{}'; do
	fresh
	meta_runner "$TMP/r" ",
    \"drop_caches\": true,
    \"targets\": {$NONE_T,
      \"aes-256-gcm\": {\"path\": \"/srv/e\", \"fs\": \"ext4\", \"encryption\": $v}}"
	eb ingest "$TMP/r"
	expect_err_line "an encryption of $v is refused" \
		"$TMP/r/meta.json:8: error: \"runner.targets.aes-256-gcm.encryption\" in meta.json must be a string naming what encrypts the folder, or null"
done
fresh
meta_runner "$TMP/r" ",
    \"drop_caches\": true,
    \"targets\": {$NONE_T,
      \"aes-256-gcm\": {\"path\": \"/srv/e\", \"fs\": 4}}"
eb ingest "$TMP/r"
expect_err_line "a file system of 4 is refused" \
	"$TMP/r/meta.json:8: error: \"runner.targets.aes-256-gcm.fs\" in meta.json must be a string or null"

# What a caveat needs and meta.json does not say gives the caveat in its
# unsure form, at ingest and beside each claim: absence is no evidence of
# the safe case.
fresh
meta_runner "$TMP/r" ",
    \"targets\": {$NONE_T, $GCM_T}"
eb ingest "$TMP/r"
expect_rc "a run without drop_caches is read" 0
expect_err_line "its missing drop_caches is warned of" \
	"$TMP/r/meta.json:5: warning: runner.drop_caches is missing: meta.json does not say whether caches were dropped, so dd and fio reads may have come from the page cache; report and findings say so beside each claim about reads"
eb findings "$TMP/r"
expect_has "and each claim about reads says it" "$TMP/out" \
	"Caveat from meta.json: meta.json does not say whether caches were dropped (runner.drop_caches is missing): reads by dd and fio may have come from the page cache."
eb report -o "$TMP/rep" "$TMP/r"
expect_line "the report lists it with meta.json spelt as its name" "$TMP/rep/report.md" \
	"- meta.json does not say whether caches were dropped (runner.drop_caches is missing): reads by dd and fio may have come from the page cache."
fresh
meta_runner "$TMP/r" ",
    \"drop_caches\": true"
eb ingest "$TMP/r"
expect_err_line "a dir run without targets is warned of" \
	"$TMP/r/meta.json:5: warning: runner.targets is missing: meta.json records no mode's folder, so whether each mode was encrypted and on what storage each ran are not known; report and findings say so beside each claim"
eb findings "$TMP/r"
expect_has "and each claim says neither side's folder is known" "$TMP/out" \
	"Caveats from meta.json: meta.json records no folder for aes-256-gcm (runner.targets is missing), so whether it was encrypted and on what storage it ran are not known; meta.json records no folder for none (runner.targets is missing), so whether it is unencrypted and on what storage it ran are not known."
fresh
meta_runner "$TMP/r" ",
    \"drop_caches\": true,
    \"targets\": {$NONE_T}"
eb findings "$TMP/r"
expect_has "a mode missing from targets is no verified mode" "$TMP/out" \
	"Caveat from meta.json: meta.json records no folder for aes-256-gcm (runner.targets has no aes-256-gcm), so whether it was encrypted and on what storage it ran are not known."
fresh
meta_runner "$TMP/r" ",
    \"drop_caches\": true,
    \"targets\": {\"none\": {\"path\": \"/srv/n\", \"encryption\": null},
      \"aes-256-gcm\": {\"path\": \"/srv/e\", \"fs\": \"ext4\", \"device\": \"/dev/vdb\"}}"
eb ingest "$TMP/r"
expect_err_line "a folder without its file system is warned of" \
	"$TMP/r/meta.json:7: warning: runner.targets.none.fs names no file system: whether it ran on the same storage as the other modes is not known; report and findings say so beside its claims"
expect_err_line "and one without its encryption" \
	"$TMP/r/meta.json:8: warning: runner.targets.aes-256-gcm.encryption is missing: whether its folder was encrypted is not known; report and findings say so beside its claims"
eb findings "$TMP/r"
expect_has "both are said beside the claims" "$TMP/out" \
	"Caveats from meta.json: meta.json does not say what encrypts the folder of aes-256-gcm (runner.targets.aes-256-gcm.encryption is missing), so whether it was encrypted is not known; meta.json does not say on what file system the folder of none lies (runner.targets.none.fs is not given), so whether the sides ran on the same storage is not known."
fresh
meta_runner "$TMP/r" ",
    \"drop_caches\": true, \"targets\": {}"
eb findings "$TMP/r"
expect_has "targets of no mode name neither side's folder" "$TMP/out" \
	"Caveats from meta.json: meta.json records no folder for aes-256-gcm (runner.targets has no aes-256-gcm), so whether it was encrypted and on what storage it ran are not known; meta.json records no folder for none (runner.targets has no none), so whether it is unencrypted and on what storage it ran are not known."
# A backend that is none of the runner's ("Dir") may have been dir.
fresh
cat > "$TMP/r/meta.json" <<'EOF2'
{"release": "24.04", "host": "testbox", "config": "default",
 "runner": {"backend": "Dir", "modes": "none,aes-256-gcm", "tests": "dd,fio",
  "targets": {"none": {"path": "/srv/n", "fs": "ext4", "device": "/dev/vda", "encryption": null},
   "aes-256-gcm": {"path": "/srv/e", "fs": "ext4", "device": "/dev/mapper/e", "encryption": "dm-crypt"}}}}
EOF2
eb ingest "$TMP/r"
expect_err_line "a backend Dir without drop_caches is warned of" \
	"$TMP/r/meta.json:2: warning: runner.drop_caches is missing: meta.json does not say whether caches were dropped, so dd and fio reads may have come from the page cache; report and findings say so beside each claim about reads"
# The other backends export the pool or unmount the folder between tests:
# their caches are emptied whatever meta.json says, and they have no
# targets.
fresh
cat > "$TMP/r/meta.json" <<'EOF2'
{"release": "24.04", "host": "testbox", "config": "default",
 "runner": {"backend": "zfs", "modes": "none,aes-256-gcm", "tests": "dd,fio"}}
EOF2
eb ingest "$TMP/r"
[ ! -s "$TMP/err" ] && pass "a zfs run without drop_caches or targets warns of nothing" ||
	{ fail "a zfs run without drop_caches or targets warns of nothing"; cat "$TMP/err"; }
# results.csv has no place for the caveats (DESIGN.md fixes its header):
# ingest names each that a report of the CSV would not say.
fresh
meta "$TMP/r" default false ext4 /dev/vda null ext4 /dev/vda null
eb ingest -o "$TMP/r.csv" "$TMP/r"
expect_rc "a run folder with caveats is written as results.csv" 0
expect_err_line "and ingest names the caveats results.csv cannot carry" \
	"encbench: warning: $TMP/r.csv cannot carry what meta.json says qualifies these records, so a report or findings of it would not say: $UNVERIFIED; $CACHED. Give report or findings the run folder itself to keep them"
eb ingest "$TMP/r"
expect_err_line "the same on standard output" \
	"encbench: warning: results.csv on standard output cannot carry what meta.json says qualifies these records, so a report or findings of it would not say: $UNVERIFIED; $CACHED. Give report or findings the run folder itself to keep them"
fresh
meta "$TMP/r" default true ext4 /dev/vda null ext4 /dev/mapper/e '"dm-crypt"'
eb ingest -o "$TMP/r.csv" "$TMP/r"
[ ! -s "$TMP/err" ] && pass "a run without caveats writes results.csv without a word" ||
	{ fail "a run without caveats writes results.csv without a word"; cat "$TMP/err"; }

# H12: a bonnie++ test it could not time (+++++) has no record from that
# repetition, and the note says which repetition lost it.
mkdir -p "$TMP/bn/none"
cp tests/golden/ingest-bonnie-csv-1.97/bonnie.csv "$TMP/bn/none/bonnie-r2.csv"
eb ingest "$TMP/bn/none/bonnie-r2.csv"
expect_err_line "the note names the repetition bonnie++ could not time" \
	"$TMP/bn/none/bonnie-r2.csv:1: note: +++++ means too fast to measure (not zero, not missing): bonnie++ could not time these tests in repetition 2, so they have no record from it and one repetition fewer than were run, whose mean leaves out the fastest; no record for line 1: sequential stat, random stat"

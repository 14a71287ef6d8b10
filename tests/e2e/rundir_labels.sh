# rundir_labels.sh - what meta.json says reaches records and pages clean:
# labels spelt as every other input spells them, control characters read
# as spaces with one warning at meta.json's line, and no label that a
# spreadsheet would run as a formula.
. tests/e2e/lib.sh
R=$TMP/run
cp -r tests/data/rundir/run-24.04 "$R"

# C7, C8: ESC c (a terminal reset), BEL, an OSC title, U+009B (the 8-bit
# CSI) and U+202E (right-to-left override) in setup fields and the host.
cat > "$R/meta.json" <<'EOF'
{
  "release": "24.04",
  "host": "box\u001b[2J",
  "config": "default",
  "cpu": "AMD \u001bc reset \u0007 bell \u001b]0;pwned\u0007 \u007f del \u009b2J",
  "kernel": "6.8\r\n# heading",
  "tools": {
    "fio": "fio-3.33\u202eevil"
  }
}
EOF
eb report -o "$TMP/rep" "$R"
expect_rc "a meta.json with control characters in its strings gives a report" 0
warnings=$(grep -c 'warning' "$TMP/err")
[ "$warnings" -eq 4 ] && pass "one warning per member, not one per file of the run (4, not 9)" ||
	fail "one warning per member, not one per file of the run (4, not 9; got $warnings)"
for w in '3: warning: "host"' '5: warning: "cpu"' '6: warning: "kernel"' '8: warning: "tools.fio"'; do
	expect_err_line "the warning names meta.json:${w%%:*} and the member" \
		"$R/meta.json:$w holds control characters (a newline, a tab, an escape, a reordering mark); they are read as spaces"
done
if LC_ALL=C grep -q "$(printf '[\001-\010\016-\037\177]')" "$TMP/rep"/*.md ||
	LC_ALL=C grep -q "$(printf '\302[\200-\237]\|\342\200[\252-\256]')" "$TMP/rep"/*.md; then
	fail "no control character reaches a page"
else pass "no control character reaches a page"; fi
expect_line() { # NAME FILE EXACT-LINE
	if grep -qxF -- "$3" "$2"; then pass "$1"; else
		fail "$1"; echo "  wanted a line of $2: $3"; fi
}
expect_line "data.md's setup shows the CPU with spaces for the controls" "$TMP/rep/data.md" \
	'| CPU    | AMD  c reset   bell  \]0;pwned    del  2J |'
expect_line "and fio's version" "$TMP/rep/data.md" \
	'| fio    | fio-3.33 evil                             |'
expect_line "and the kernel on one line" "$TMP/rep/data.md" \
	'| kernel | 6.8  # heading                            |'
expect_line "and the host as the records have it" "$TMP/rep/data.md" \
	'| host   | box-\[2j                                  |'
eb ingest "$R"
hosts=$(cut -d, -f2 "$TMP/out" | sed 1d | sort | uniq -c | tr -s ' ')
[ "$hosts" = " 8 box-[2j" ] && pass "every record has the host as spelt without its escape" ||
	fail "every record has the host as spelt without its escape (got$hosts)"
eb ingest "$R/none/dd-read-r1.txt" "$R/none/dd-read-r2.txt"
[ "$(grep -c 'warning: "host"' "$TMP/err")" -eq 1 ] &&
	pass "two files of the run named alone warn once" || fail "two files of the run named alone warn once"

# D7 in run folders: the release, config and host are spelt as a sheet or
# --set spells them, with a note where that is more than lower case.
printf '{"release": "Ubuntu 24.04", "host": "Test Box", "config": "No AES-NI"}\n' > "$R/meta.json"
eb ingest "$R"
expect_rc "a meta.json of labels in words is read" 0
labels=$(cut -d, -f1-3 "$TMP/out" | sed 1d | sort -u)
[ "$labels" = "24.04,test-box,no-aesni" ] &&
	pass "its labels are 24.04, test-box and the runner's no-aesni" ||
	fail "its labels are 24.04, test-box and the runner's no-aesni (got $labels)"
expect_err_line "a note says how the release is read" \
	"$R/meta.json:1: note: release 'Ubuntu 24.04' is read as '24.04', as every input spells it"
expect_err_line "and the config" \
	"$R/meta.json:1: note: config 'No AES-NI' is read as 'no-aesni', as every input spells it"
[ "$(wc -l < "$TMP/err")" -eq 2 ] && pass "and nothing of the host, only folded to lower case" ||
	fail "and nothing of the host, only folded to lower case"
eb ingest --set "release=Ubuntu 24.04" --set "config=No AES-NI" --set "host=Test Box" "$R"
[ "$(cut -d, -f1-3 "$TMP/out" | sed 1d | sort -u)" = "24.04,test-box,no-aesni" ] &&
	pass "--set of the same words gives the same labels" ||
	fail "--set of the same words gives the same labels"

# D13: a label a spreadsheet would run as a formula.
for host in '=HYPERLINK(\"http://x.example/\",\"ok\")' '@SUM(A1)' '+1' '-cmd'; do
	printf '{"release": "24.04", "host": "%s"}\n' "$host" > "$R/meta.json"
	eb ingest -o "$TMP/f.csv" "$R"
	expect_rc "meta.json host '$host' is a data error" 65
	shown=$(printf '%s' "$host" | sed 's/\\"/"/g' | tr 'A-Z' 'a-z')
	expect_err_line "naming meta.json's line, the label and the rule" \
		"$R/meta.json:1: error: \"host\" in meta.json is '$shown', which a spreadsheet opening results.csv would run as a formula: no label may begin with =, +, - or @"
	[ -e "$TMP/f.csv" ] && fail "nothing is written" || pass "nothing is written"
done

# The runner's MODE/TEST-rN folders without their meta.json: the runs of
# none/ and aes-256-gcm/ have no mode, and pooled as repetitions of one
# test they would mix plain and encrypted runs; an error names both, and
# each folder read with its mode set is read (audit 24 J05).
N=tests/data/rundir/no-meta
echo "previous output" > "$TMP/keep.csv"
eb ingest -o "$TMP/keep.csv" "$N"
expect_rc "rundir: mode folders without meta.json fail" 65
expect_err_line "rundir: the error names both folders' runs and modes" \
	"encbench: error: $N/aes-256-gcm/fio-seq-write-r1.json and $N/none/fio-seq-write-r1.json have no mode, so their runs would be repetitions of one test, but their paths name two modes, aes-256-gcm and none; read each run folder with its meta.json, or each mode's files with their own --set mode="
expect_file_is "rundir: the failed ingest leaves -o as it was" "$TMP/keep.csv" "previous output"
eb ingest --set mode=none "$N/none"
expect_rc "rundir: one mode's folder with its mode set is read" 0
[ "$(grep -c ',none,fio,w,seq,write,4096,bw,B/s,' "$TMP/out")" -eq 2 ] &&
	pass "rundir: its two runs are the two repetitions" ||
	fail "rundir: its two runs are the two repetitions"

# Paths that name modes otherwise: unencrypted/ (none) against encrypted/
# (no mode), and file names that hold the modes; and paths that name two
# configs, default/ and no-aesni/ (audit 25 K08, K08b, K09).
N=tests/data/rundir
eb ingest "$N/no-meta-words"
expect_rc "rundir: unencrypted/ and encrypted/ without meta.json fail" 65
expect_err_line "rundir: the error names the word of encryption against none" \
	"encbench: error: $N/no-meta-words/encrypted/fio-seq-write-r1.json and $N/no-meta-words/unencrypted/fio-seq-write-r1.json have no mode, so their runs would be repetitions of one test, but their paths name two modes, encrypted and none; read each run folder with its meta.json, or each mode's files with their own --set mode="
eb ingest "$N/no-meta-names"
expect_rc "rundir: file names of two modes fail" 65
expect_err_line "rundir: the error names the modes of the file names" \
	"encbench: error: $N/no-meta-names/fio-aes-256-gcm-r1.json and $N/no-meta-names/fio-none-r1.json have no mode, so their runs would be repetitions of one test, but their paths name two modes, aes-256-gcm and none; read each run folder with its meta.json, or each mode's files with their own --set mode="
eb ingest --set mode=none "$N/no-meta-configs"
expect_rc "rundir: default/ and no-aesni/ without a config fail" 65
expect_err_line "rundir: the error names the configs" \
	"encbench: error: $N/no-meta-configs/default/fio-seq-write-r1.json and $N/no-meta-configs/no-aesni/fio-seq-write-r1.json have no config, so their runs would be repetitions of one test, but their paths name two configs, default and no-aesni; read each run folder with its meta.json, or each config's files with their own --set config="
eb ingest --set mode=none --set config=no-aesni "$N/no-meta-configs/no-aesni"
expect_rc "rundir: one config's folder with its config set is read" 0
eb ingest "$N/no-meta-names/fio-none-r1.json" "$N/no-meta-names/fio-none-r2.json"
expect_rc "rundir: the runs of one mode's file names are read" 0
[ "$(grep -c ',fio,seq-write,seq,write,4096,bw,B/s,' "$TMP/out")" -eq 2 ] &&
	pass "rundir: they are two repetitions" || fail "rundir: they are two repetitions"
# Names with a word of encryption that name no mode whole (gcm/ and ccm/,
# enc-off/ and enc-on/) are two setups as written (audit 26 L02).
eb ingest "$N/no-meta-cipher"
expect_rc "rundir: gcm/ and ccm/ without meta.json fail" 65
expect_err_line "rundir: the error names the folders' words" \
	"encbench: error: $N/no-meta-cipher/ccm/fio.json and $N/no-meta-cipher/gcm/fio.json have no mode, so their runs would be repetitions of one test, but their paths name two modes, ccm and gcm; read each run folder with its meta.json, or each mode's files with their own --set mode="
# A mode beside a word that negates it is its absence (no-luks/ against
# luks/, luks-off), and encryption layers named by product (veracrypt/,
# gocryptfs/, bitlocker/) are setups as written (audit 27 M04).
eb ingest "$N/no-meta-negated"
expect_rc "rundir: luks/ and no-luks/ without meta.json fail" 65
expect_err_line "rundir: the error names luks against no-luks" \
	"encbench: error: $N/no-meta-negated/luks/fio.json and $N/no-meta-negated/no-luks/fio.json have no mode, so their runs would be repetitions of one test, but their paths name two modes, luks-xts-512 and no-luks; read each run folder with its meta.json, or each mode's files with their own --set mode="
eb ingest "$N/no-meta-products"
expect_rc "rundir: ext4/ and veracrypt/ without meta.json fail" 65
expect_err_line "rundir: the error names the product as a mode" \
	"encbench: error: $N/no-meta-products/ext4/fio.json and $N/no-meta-products/veracrypt/fio.json have no mode, so their runs would be repetitions of one test, but their paths name the mode veracrypt and no mode; read each run folder with its meta.json, or each mode's files with their own --set mode="
for pair in "with-luks without-luks" "luks-on luks-off" "bitlocker-on bitlocker-off" "ext4 gocryptfs"; do
	set -- $pair
	rm -rf "$TMP/neg"
	mkdir -p "$TMP/neg/$1" "$TMP/neg/$2"
	cp "$N/no-meta-negated/luks/fio.json" "$TMP/neg/$1/"
	cp "$N/no-meta-negated/no-luks/fio.json" "$TMP/neg/$2/"
	eb ingest "$TMP/neg"
	expect_rc "rundir: $1/ and $2/ without meta.json fail" 65
done
# Repetition numbers and dates tell no setup: fio-encrypted-r1.json and
# -r2.json are two runs of one (audit 27 M03); aesni-enabled/ and
# aesni-disabled/ name two configs, not modes (audit 27 M07).
eb ingest --set mode=aes-256-gcm "$N/no-meta-reps"
expect_rc "rundir: numbered runs of one encrypted setup are read" 0
eb ingest "$N/no-meta-reps"
expect_rc "rundir: numbered runs of one setup without a mode are read" 0
[ "$(grep -c ',fio,sw,seq,write,4096,bw,B/s,' "$TMP/out")" -eq 2 ] &&
	pass "rundir: the numbered runs are two repetitions" || fail "rundir: the numbered runs are two repetitions"
eb ingest --set mode=none "$N/no-meta-aesni"
expect_rc "rundir: aesni-enabled/ and aesni-disabled/ without a config fail" 65
expect_err_line "rundir: the error names them as configs" \
	"encbench: error: $N/no-meta-aesni/aesni-enabled/fio.json and $N/no-meta-aesni/aesni-disabled/fio.json have no config, so their runs would be repetitions of one test, but their paths name two configs, default and no-aesni; read each run folder with its meta.json, or each config's files with their own --set config="

# chart_caveats.sh - what a run's meta.json says qualifies its figures is on
# the charts themselves, not only in the report's text (outside audit 10,
# H3; audit 9, G3's second half; audit 8, E5): a chart pasted without the
# report still says encryption was not verified, reads may be cached, and
# the two sides ran on other storage. Real dd and fio outputs.
. tests/e2e/lib.sh
D=tests/data/chart_caveats
UNVERIFIED='Encryption was not verified for aes-256-gcm: the run found nothing encrypting its folder.'
CACHED='Reads by dd and fio may have come from the page cache (the run did not drop caches).'
STORAGE='The two sides ran on other storage: aes-256-gcm on ext4 (/dev/vda) and none on tmpfs (tmpfs).'

has_line() { # NAME FILE EXACT-LINE
	if grep -qxF -- "$3" "$2"; then pass "$1"; else
		fail "$1"; echo "  wanted a line of $2: $3"; fi
}
no_match() { # NAME FILE TEXT
	if grep -qF -- "$3" "$2"; then fail "$1"; grep -F -- "$3" "$2" | head -3; else pass "$1"; fi
}
caveats_of() { # SCENE: the caveat texts, bullets left out, one a line
	sed -n 's/^text caveat [0-9.]* [0-9.]* start regular 12.00 #1a1a1a "\(.*\)"$/\1/p' "$1" |
		grep -vx '•'
}

# ---- the overhead chart of a dir run: none on tmpfs, the mode on ext4,
# nothing encrypting either folder, caches not dropped (audit 10's run A)
eb chart --kind overhead "$D" -o "$TMP/o.scene"
expect_rc "overhead chart of the run folder" 0
has_line "the first caveat under the subtitle, at the labels' size" "$TMP/o.scene" \
	"text caveat 34.89 76.76 start regular 12.00 #1a1a1a \"$UNVERIFIED\""
has_line "its bullet, in the text colour" "$TMP/o.scene" \
	'text caveat 24.00 76.76 start regular 12.00 #1a1a1a "•"'
printf '%s\n' "$UNVERIFIED" "$CACHED" "$STORAGE" > "$TMP/want"
caveats_of "$TMP/o.scene" > "$TMP/got"
cmp -s "$TMP/want" "$TMP/got" && pass "the three caveats, in the order caveats.c finds them" ||
	{ fail "the three caveats, in the order caveats.c finds them"; cat "$TMP/got"; }
has_line "a title that does not claim encryption it was not shown to have" "$TMP/o.scene" \
	'title "Throughput under the modes, as % of unencrypted"'
grep -qF "desc \"vm · release 12 · kernel 6.1.0-18-amd64 · 100 % = none in the same release and test. Caveats from meta.json: $UNVERIFIED $CACHED $STORAGE Bars: " "$TMP/o.scene" &&
	pass "the description (alt text) carries them" || fail "the description (alt text) carries them"
has_line "the chart grows by the caveats' lines: 361 px tall" "$TMP/o.scene" \
	'scene 800.00 361.00 bg #ffffff'

# The SVG keeps them as text and in <desc>; PNG and PDF draw the same scene.
eb chart --kind overhead "$D" -o "$TMP/o.svg"
[ "$(grep -cF "$STORAGE" "$TMP/o.svg")" -eq 2 ] && pass "SVG: the storage caveat as <text> and in <desc>" ||
	fail "SVG: the storage caveat as <text> and in <desc> ($(grep -cF "$STORAGE" "$TMP/o.svg"))"
grep -qF "<text class=\"caveat\" x=\"34.89\" y=\"93.36\" font-size=\"12\" fill=\"#1a1a1a\">$CACHED</text>" "$TMP/o.svg" &&
	pass "SVG: the cache caveat, readable text" || fail "SVG: the cache caveat, readable text"
for f in png pdf; do
	eb chart --kind overhead "$D" -o "$TMP/o.$f"
	expect_rc "$f of the same chart" 0
done
# A PNG 361 px tall at scale 1: the scene's height, caveats included.
[ "$(od -An -tu1 -j20 -N4 "$TMP/o.png" | tr -s ' ')" = " 0 0 1 105" ] &&
	pass "PNG: 361 px tall, the scene's height" || fail "PNG: 361 px tall ($(od -An -tu1 -j20 -N4 "$TMP/o.png"))"

# gnuplot's script places the caveats as labels, as the title.
if command -v gnuplot > /dev/null; then
	mkdir "$TMP/gp"
	eb chart --kind overhead --backend gnuplot --emit-script "$TMP/gp" -o "$TMP/g.png" "$D"
	expect_rc "gnuplot back end" 0
	grep -qF "set label 6 '$CACHED' at screen 0.04362, screen 0.75335 left font 'DejaVu Sans,9.0' tc rgb '#1a1a1a' front" "$TMP/gp/g.gp" &&
		pass "gnuplot: the cache caveat a label where the scene put it" ||
		fail "gnuplot: the cache caveat a label where the scene put it"
else
	skip "gnuplot is not installed"
fi

# ---- every grouped kind of the same folder carries them
for k in bars heatmap trend; do
	eb chart --kind "$k" "$D" -o "$TMP/$k.scene"
	caveats_of "$TMP/$k.scene" > "$TMP/got"
	cmp -s "$TMP/want" "$TMP/got" && pass "$k: the three caveats" ||
		{ fail "$k: the three caveats"; cat "$TMP/got"; }
done
has_line "heatmap: its title speaks of the modes" "$TMP/heatmap.scene" \
	'title "Cost of the modes: throughput lost against none"'
has_line "bars: its title names modes already" "$TMP/bars.scene" \
	'title "Throughput by encryption mode"'

# A diff from a release without meta.json (results.csv keeps none) to this
# one: the caveats of this run's side, not the baseline's storage, which a
# diff of each mode with itself does not compare.
eb ingest "$D"
awk -F, 'BEGIN { OFS = "," } NR == 1 { print; next }
	{ $1 = "11"; $13 = $13 * 1.1; $14 = "r11:" NR; print }' "$TMP/out" > "$TMP/r11.csv"
eb chart --kind diff "$TMP/r11.csv" "$D" -o "$TMP/diff.scene"
expect_rc "diff of 11 and 12" 0
printf '%s\n' "$UNVERIFIED" "$CACHED" > "$TMP/want2"
caveats_of "$TMP/diff.scene" > "$TMP/got"
cmp -s "$TMP/want2" "$TMP/got" && pass "diff: the mode's and the reads' caveats, not the baseline's storage" ||
	{ fail "diff: the mode's and the reads' caveats, not the baseline's storage"; cat "$TMP/got"; }

# Each caveat is of the points drawn: writes alone are no cached reads.
eb chart --kind overhead --op write "$D" -o "$TMP/w.scene"
printf '%s\n' "$UNVERIFIED" "$STORAGE" > "$TMP/want3"
caveats_of "$TMP/w.scene" > "$TMP/got"
cmp -s "$TMP/want3" "$TMP/got" && pass "--op write: no cache caveat, the other two" ||
	{ fail "--op write: no cache caveat, the other two"; cat "$TMP/got"; }

# A trend of a release without meta.json and this one: the caveats are
# 12's, and say so; a chart of one release needs no such words.
eb chart --kind trend "$TMP/r11.csv" "$D" -o "$TMP/t2.scene"
printf '%s\n' "In 12, encryption was not verified for aes-256-gcm: the run found nothing encrypting its folder." \
	"In 12, reads by dd and fio may have come from the page cache (the run did not drop caches)." \
	"In 12, the two sides ran on other storage: aes-256-gcm on ext4 (/dev/vda) and none on tmpfs (tmpfs)." \
	> "$TMP/want4"
caveats_of "$TMP/t2.scene" > "$TMP/got"
cmp -s "$TMP/want4" "$TMP/got" && pass "trend of 11 and 12: each caveat names 12, the release it is of" ||
	{ fail "trend of 11 and 12: each caveat names 12, the release it is of"; cat "$TMP/got"; }
# ---- long caveats wrap under their own first word, within the chart
eb chart --kind overhead --width 420 "$D" -o "$TMP/n.scene"
has_line "narrow: the storage caveat's first line" "$TMP/n.scene" \
	'text caveat 34.89 182.76 start regular 12.00 #1a1a1a "The two sides ran on other storage: aes-256-gcm on ext4"'
has_line "narrow: its second line, indented under the first word" "$TMP/n.scene" \
	'text caveat 34.89 198.36 start regular 12.00 #1a1a1a "(/dev/vda) and none on tmpfs (tmpfs)."'
[ "$(grep -c '^text caveat .* "•"$' "$TMP/n.scene")" -eq 3 ] && pass "narrow: still one bullet a caveat (3)" ||
	fail "narrow: still one bullet a caveat"

# ---- what says nothing gets no line: no meta.json, or one of a run with
# its encryption found, caches dropped and both folders on one device
cp -r "$D" "$TMP/plain"
printf '{"release": "12", "host": "vm", "config": "default"}\n' > "$TMP/plain/meta.json"
eb chart --kind overhead "$TMP/plain" -o "$TMP/p.scene"
expect_rc "a meta.json without the runner's facts" 0
no_match "no facts: no caveat line" "$TMP/p.scene" "text caveat"
has_line "no facts: the title of encryption" "$TMP/p.scene" \
	'title "Throughput with encryption, as % of unencrypted"'
sed -e 's/"drop_caches": false/"drop_caches": true/' \
	-e 's|"fs": "tmpfs", "device": "tmpfs", "encryption": null|"fs": "zfs", "device": "tank/n", "encryption": null|' \
	-e 's|"fs": "ext4", "device": "/dev/vda", "encryption": null|"fs": "zfs", "device": "tank/n", "encryption": "zfs:aes-256-gcm"|' \
	"$D/meta.json" > "$TMP/plain/meta.json"
eb chart --kind overhead "$TMP/plain" -o "$TMP/v.scene"
no_match "a verified run on one device: no caveat line" "$TMP/v.scene" "text caveat"
no_match "and nothing in the description" "$TMP/v.scene" "Caveats from meta.json"

# ---- a folder another mode's encryption encrypts (audit 10, H2): said
# on the chart in caveats.c's words, the mode's name as spelt
sed -e 's|"fs": "ext4", "device": "/dev/vda", "encryption": null|"fs": "zfs", "device": "tank/e", "encryption": "zfs:aes-128-ccm"|' \
	"$D/meta.json" > "$TMP/plain/meta.json"
eb chart --kind overhead "$TMP/plain" -o "$TMP/x.scene"
caveats_of "$TMP/x.scene" | head -1 > "$TMP/got"
expect_file_is "another mode's encryption in the folder: on the chart" "$TMP/got" \
	'The mode aes-256-gcm was not measured as its name says: the run found \"zfs:aes-128-ccm\" encrypting its folder.'

# ---- a config the CPU facts contradict, and bonnie's cached reads, keep
# their reason, without the meta.json field the report names
sed -e 's/"config": "default"/"config": "no-aesni"/' "$D/meta.json" > "$TMP/plain/meta.json"
eb chart --kind bars "$TMP/plain" -o "$TMP/c.scene"
AESNI="The configuration name no-aesni says AES-NI was off, but meta.json says the CPU has it and records nothing that turned it off (cpu_flags.aes is true and icp is null (no setting of ZFS's ICP turned it off))."
grep -qF "$AESNI The two sides" "$TMP/c.scene" &&
	pass "no-aesni with an AES CPU: the caveat and why, in the description" ||
	fail "no-aesni with an AES CPU: the caveat and why, in the description"
[ "$(grep -c '^text caveat .* "•"$' "$TMP/c.scene")" -eq 4 ] &&
	pass "no-aesni: four caveats drawn" || fail "no-aesni: four caveats drawn"

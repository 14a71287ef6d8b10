# report_kill.sh - a report killed at any step of its folder swap loses
# no file of the user's, and the next report puts back or removes what the
# killed one left, removing a folder only when nothing of the user's is in it.
. tests/e2e/lib.sh
TWO=tests/data/analyze/two-releases.csv
W=$TMP/w
R=$W/rep

# user_files DIR: the user's files under DIR, wherever they are, with
# their contents, in name order.
user_files() {
	(cd "$1" && find . -type f \( -name mine.txt -o -name p.jpg -o -name n.md \) \
		-exec sh -c 'printf "%s %s\n" "$(basename "$1")" "$(cat "$1")"' _ {} \; | sort)
}
# dead_pid: the id of a process that has exited.
dead_pid() { sh -c 'echo $$'; }

mkdir -p "$W"
eb report -q -o "$R" "$TWO"
echo mine > "$R/mine.txt"
mkdir -p "$R/charts/my" "$R/releases/notes"
echo photo > "$R/charts/my/p.jpg"
echo note > "$R/releases/notes/n.md"
cp -a "$W" "$TMP/pristine"
wanted="mine.txt mine
n.md note
p.jpg photo"

# B12: SIGKILL at the N-th call of each call that changes the folders
# (N from 1 to one past the last), then a report run again.
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
	points=0 lost="" left="" rerun=""
	for call in rename mkdir rmdir unlink flock; do
		calls=$(strace -o "$TMP/count" -e trace=$call "$ENCBENCH" report -q -o "$R" "$TWO" \
			2>/dev/null; grep -c "^$call(" "$TMP/count")
		rm -rf "$W"; cp -a "$TMP/pristine" "$W"
		n=1
		while [ "$n" -le $((calls + 1)) ]; do
			rm -rf "$W"; cp -a "$TMP/pristine" "$W"
			strace -o /dev/null -e trace=$call -e inject=$call:signal=KILL:when=$n \
				"$ENCBENCH" report -q -o "$R" "$TWO" >/dev/null 2>&1
			points=$((points + 1))
			[ "$(user_files "$W")" = "$wanted" ] || lost="$lost $call#$n"
			"$ENCBENCH" report -q -o "$R" "$TWO" >/dev/null 2>"$TMP/rerun.err"
			[ $? -eq 0 ] && [ "$(user_files "$R")" = "$wanted" ] || rerun="$rerun $call#$n"
			if ls -A "$W" | grep -q '^\.rep\.' || [ -e "$R/.encbench-swap" ]; then
				left="$left $call#$n"; fi
			n=$((n + 1))
		done
	done
	rc=0
	[ "$points" -ge 30 ] && pass "the swap was killed at $points points (30 or more)" ||
		fail "the swap was killed at $points points (30 or more)"
	[ -z "$lost" ] && pass "no kill loses a file of the user's" ||
		fail "no kill loses a file of the user's (lost at:$lost)"
	[ -z "$rerun" ] && pass "after every kill the next report exits 0 with every file of the user's back in place" ||
		fail "after every kill the next report exits 0 with every file of the user's back in place (not at:$rerun)"
	[ -z "$left" ] && pass "after every kill the next report leaves no folder or journal of the killed one" ||
		fail "after every kill the next report leaves no folder or journal of the killed one (left at:$left)"
	# A signal that can be caught waits for the swap: the user's files
	# are where they were at once (a folder the run was building may be
	# left, with nothing of theirs, for the next run to remove).
	renames=$(strace -o "$TMP/count" -e trace=rename "$ENCBENCH" report -q -o "$R" "$TWO" \
		2>/dev/null; grep -c "^rename(" "$TMP/count")
	moved=""
	for sig in TERM INT HUP; do
		n=1
		while [ "$n" -le "$renames" ]; do
			rm -rf "$W"; cp -a "$TMP/pristine" "$W"
			strace -o /dev/null -e trace=rename -e inject=rename:signal=$sig:when=$n \
				"$ENCBENCH" report -q -o "$R" "$TWO" >/dev/null 2>&1
			[ "$(user_files "$R")" = "$wanted" ] || moved="$moved $sig#$n"
			n=$((n + 1))
		done
	done
	[ -z "$moved" ] && pass "SIGTERM, SIGINT or SIGHUP at any rename leaves the user's files in place" ||
		fail "SIGTERM, SIGINT or SIGHUP at any rename leaves the user's files in place (not at:$moved)"
	# Outside audit G5: a signal while the report is built (its charts are
	# drawn by processes it forks) removes the folder it was building. The
	# signal comes at the N-th openat of the report's own process (strace
	# counts each process's calls apart). The last few openat calls, which
	# vary in number from run to run, are the swap's, tested above.
	# LeakSanitizer cannot run under ptrace (make sanitize): it would end
	# a report that the signal came too late for with an error of its own.
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
	export ASAN_OPTIONS
	opens=$(strace -o "$TMP/count" -e trace=openat "$ENCBENCH" report -q -o "$R" "$TWO" \
		2>/dev/null; grep -c "^openat(" "$TMP/count")
	opens=$((opens - 8))
	built="" points=0
	for sig in TERM INT HUP; do
		n=1
		while [ "$n" -le "$opens" ]; do
			rm -rf "$W"; cp -a "$TMP/pristine" "$W"
			strace -o /dev/null -e trace=openat \
				-e inject=openat:signal=$sig:when=$n "$ENCBENCH" report -q -o "$R" "$TWO" \
				>/dev/null 2>&1
			# A run that made fewer calls than counted ends before the
			# signal, and one started in the background (make check &)
			# ignores SIGINT, or under nohup SIGHUP: both exit 0, and
			# only the runs a signal ended are counted.
			[ $? -ne 0 ] && points=$((points + 1))
			if [ "$(ls -A "$W")" != rep ] ||
			    [ "$(user_files "$R")" != "$wanted" ]; then built="$built $sig#$n"; fi
			n=$((n + 5))
		done
	done
	# A signal to the whole process group (Ctrl-C) while charts are drawn.
	rm -rf "$W"; cp -a "$TMP/pristine" "$W"
	strace -f -o /dev/null -e trace=openat -e inject=openat:signal=INT:when=8 \
		"$ENCBENCH" report -q -o "$R" "$TWO" >/dev/null 2>&1
	[ "$(ls -A "$W")" = rep ] && [ "$(user_files "$R")" = "$wanted" ] || built="$built group-INT"
	[ "$points" -ge 8 ] && [ -z "$built" ] &&
		pass "SIGTERM, SIGINT or SIGHUP while the report is built leaves no folder beside it ($points points)" ||
		fail "SIGTERM, SIGINT or SIGHUP while the report is built leaves no folder beside it ($points points; not at:$built)"
	# A signal while the new folder is put in place (at the lock the swap
	# takes) waits for it, and then has nothing left to stop: the report
	# stands, and exit 0 and "wrote" say so (audit 20 F11: exit 143 and no
	# word, so that "report || restore" put the old one back).
	rm -rf "$W"; cp -a "$TMP/pristine" "$W"
	strace -o /dev/null -e trace=flock -e inject=flock:signal=TERM:when=1 \
		"$ENCBENCH" report -o "$R" "$TWO" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "a SIGTERM during the swap ends a report that stands with exit 0" 0
	expect_err_line "and says the report is whole" "encbench: note: Terminated came while $R was put in place; it is whole"
	expect_err_line "and that it wrote it" "encbench: wrote $R/report.md"
	[ "$(user_files "$R")" = "$wanted" ] && [ -z "$(ls -A "$W" | grep -v '^rep$')" ] &&
		pass "and the user's files are in it, nothing beside it" ||
		fail "and the user's files are in it, nothing beside it"
else
	skip "the swap killed at every step (needs strace and ptrace)"
fi

# Between the swap's two renames: the report folder is gone, the built one
# holds the new report and the user's files; the next run puts it in place.
rm -rf "$W"; cp -a "$TMP/pristine" "$W"
P=$(dead_pid)
B=$W/.rep.tmp-$P-aaaaaa
mkdir "$B"
cp -a "$R/." "$B/"
rm -r "$B/mine.txt" "$B/charts/my" "$B/releases/notes" "$B/.encbench-report"
mkdir "$B/charts/my"
mv "$R" "$W/.rep.old-$P-bbbbbb"
mv "$W/.rep.old-$P-bbbbbb/mine.txt" "$B/"
mv "$W/.rep.old-$P-bbbbbb/charts/my/p.jpg" "$B/charts/my/"
mv "$W/.rep.old-$P-bbbbbb/releases/notes" "$B/releases/"
cp "$W/.rep.old-$P-bbbbbb/.encbench-report" "$B/"
printf 'mmine.txt\0dcharts/my\0mcharts/my/p.jpg\0mreleases/notes\0' > "$B/.encbench-swap"
eb report -o "$R" "$TWO"
expect_rc "a report after a kill between the swap's renames exits 0" 0
expect_err_line "it says it put the built folder in place" \
	"encbench: note: $R: put in place from $B, where an interrupted refresh left it"
expect_err_line "and that it removed the old report" \
	"encbench: note: removed $W/.rep.old-$P-bbbbbb, the old report an interrupted or concurrent refresh left"
[ "$(user_files "$R")" = "$wanted" ] && [ "$(ls -A "$W")" = rep ] &&
	pass "the user's files are in the report folder and nothing is left beside it" ||
	fail "the user's files are in the report folder and nothing is left beside it"

# A killed run's folder from before the journal, holding a file encbench
# did not write, is kept and named; an old folder holding one too.
rm -rf "$W"; cp -a "$TMP/pristine" "$W"
P=$(dead_pid)
mkdir "$W/.rep.tmp-$P-cccccc" "$W/.rep.old-$P-dddddd"
echo mine > "$W/.rep.tmp-$P-cccccc/mine.txt"
cp "$R/report.md" "$R/.encbench-report" "$W/.rep.old-$P-dddddd/"
echo mine > "$W/.rep.old-$P-dddddd/n.md"
eb report -o "$R" "$TWO"
expect_rc "a report beside folders of killed runs holding files of the user's exits 0" 0
expect_err_line "a built folder with no journal is kept, and named" \
	"encbench: warning: $W/.rep.tmp-$P-cccccc is kept: an interrupted run of encbench left it, and it cannot tell which files in it are yours"
expect_err_line "an old folder with a file its manifest does not list is kept, and named" \
	"encbench: warning: $W/.rep.old-$P-dddddd is kept: it holds files encbench did not write (made while a report was built?)"
if [ "$(cat "$W/.rep.tmp-$P-cccccc/mine.txt" "$W/.rep.old-$P-dddddd/n.md")" = "mine
mine" ] && [ ! -e "$W/.rep.old-$P-dddddd/report.md" ]; then
	pass "their files of the user's stay, the old report's listed file goes"
else fail "their files of the user's stay, the old report's listed file goes"; fi

# B14: concurrent refreshes take turns; none fails, none leaves a folder.
rm -rf "$W"; cp -a "$TMP/pristine" "$W"
for i in 1 2 3 4 5 6; do
	( "$ENCBENCH" report -q -o "$R" "$TWO" >/dev/null 2>"$TMP/cc$i.err"; echo $? > "$TMP/cc$i.rc" ) &
done
wait
rc=0
codes=$(cat "$TMP"/cc?.rc | tr -d '\n')
[ "$codes" = 000000 ] && pass "six concurrent refreshes of one report all exit 0" ||
	fail "six concurrent refreshes of one report all exit 0 (exits $codes)"
[ "$(ls -A "$W")" = rep ] && [ "$(user_files "$R")" = "$wanted" ] &&
	pass "they leave nothing beside the report and keep the user's files" ||
	fail "they leave nothing beside the report and keep the user's files ($(ls -A "$W" | tr '\n' ' '))"

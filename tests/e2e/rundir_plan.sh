# rundir_plan.sh - a run folder is read as its meta.json planned it: an
# output it did not plan is an error, a cut output met in its walk fails as
# it does when named, and every record has meta.json's host.
. tests/e2e/lib.sh
R=$TMP/run

# B17: a seventh dd write where meta.json plans three repetitions.
cp -r samples/zfs-series/24.04 "$R"
sed 's/copied, [0-9.]* s, [0-9.]* GB\/s/copied, 1.3 s, 1.7 GB\/s/' "$R/none/dd-write-r1.txt" \
	> "$R/none/dd-write-r7.txt"
eb overhead --tool dd --op write "$R"
expect_rc "a run folder with an output meta.json did not plan exits 65" 65
expect_err_line "the error names the file and meta.json's plan" \
	"$R/none/dd-write-r7.txt: error: an output this run did not plan (meta.json does not list it; $R/meta.json plans 162 outputs under \"expected\": 3 repetitions of dd,fio in none,aes-128-ccm,aes-192-ccm,aes-256-ccm,aes-128-gcm,aes-192-gcm,aes-256-gcm,luks-xts-512,luks-xts-4k); a file from another run? Move it out of the run folder, or name it alone to read it"
eb ingest -q "$R/none/dd-write-r7.txt"
expect_rc "the same file named alone is read" 0
rm "$R/none/dd-write-r7.txt"

# Without "expected", the runner's settings are the plan: a mode folder,
# a tool or a repetition they do not name is refused.
P=$TMP/plain
cp -r tests/data/rundir/run-24.04 "$P"
printf '{"release": "24.04", "host": "testbox", "config": "default", "runner": {"modes": "none,aes-256-gcm", "tests": "dd", "reps": 2}}\n' \
	> "$P/meta.json"
eb ingest -q "$P"
expect_rc "a run folder within its runner settings is read" 0
cp "$P/none/dd-write-r1.txt" "$P/none/dd-write-r3.txt"
eb ingest -q "$P"
expect_err_line "a repetition beyond runner.reps is refused" \
	"$P/none/dd-write-r3.txt: error: an output this run did not plan (its repetition is beyond runner.reps; $P/meta.json plans 2 repetitions of dd in none,aes-256-gcm); a file from another run? Move it out of the run folder, or name it alone to read it"
rm "$P/none/dd-write-r3.txt"
mkdir "$P/aes-128-gcm"
cp "$P/none/dd-write-r1.txt" "$P/aes-128-gcm/"
eb ingest -q "$P"
expect_err_line "a mode folder runner.modes does not name is refused" \
	"$P/aes-128-gcm/dd-write-r1.txt: error: an output this run did not plan (its mode folder is not in runner.modes; $P/meta.json plans 2 repetitions of dd in none,aes-256-gcm); a file from another run? Move it out of the run folder, or name it alone to read it"
expect_rc "and exits 65" 65
rm -r "$P/aes-128-gcm"

# A43: a bonnie++ CSV names its own host ("vm"); meta.json's is every
# record's.
cp tests/data/bonnie/bonnie-2.00a_q.stdout.csv "$P/none/bonnie-r1.csv"
sed -i 's/"tests": "dd"/"tests": "dd,bonnie"/' "$P/meta.json"
eb ingest "$P"
expect_rc "a run folder with a bonnie++ CSV of another host name exits 0" 0
expect_err_line "a host the output names that meta.json does not is a warning naming both" \
	"$P/none/bonnie-r1.csv: warning: the output names host 'vm', its run's meta.json ($P/meta.json) 'testbox': every record of a run is of meta.json's host"
hosts=$(cut -d, -f2 "$TMP/out" | sed 1d | sort | uniq -c | tr -s ' ')
[ "$hosts" = " 28 testbox" ] && pass "every one of the 28 records (8 dd, 20 bonnie++) is of meta.json's host" ||
	fail "every one of the 28 records (8 dd, 20 bonnie++) is of meta.json's host (got$hosts)"
eb ingest "$P/none/bonnie-r1.csv"
expect_err_line "the same file named alone gets the same warning" \
	"$P/none/bonnie-r1.csv: warning: the output names host 'vm', its run's meta.json ($P/meta.json) 'testbox': every record of a run is of meta.json's host"
rm "$P/none/bonnie-r1.csv"

# A39: a dd output cut inside its summary line is an error in a walk of
# its run folder, as it is when named.
head -c 80 samples/zfs-series/24.04/none/dd-write-r1.txt > "$R/none/dd-write-r1.txt"
eb ingest -q "$R/none/dd-write-r1.txt"
named=$(grep ': error: ' "$TMP/err")
expect_rc "a cut dd file named is an error" 65
eb overhead --tool dd --op write "$R"
expect_rc "the cut dd file met in a walk of its run is an error too" 65
expect_err_line "with the same located message" "$named"
[ "$named" = "$R/none/dd-write-r1.txt:3: error: a dd summary line without the time and rate dd prints (a cut or damaged line): '2147483648 bytes (2.1 GB, 2.0 GiB) copied,'" ] &&
	pass "the message is the dd reader's, at line 3" ||
	fail "the message is the dd reader's, at line 3 (got: $named)"
# A CSV that is nobody's benchmark output stays a note in a walk.
printf 'name,colour\napple,red\n' > "$P/none/notes.csv"
eb ingest -q "$P"
expect_rc "a walk over a CSV that is no benchmark output exits 0" 0

# runner_method.sh - encbench-run's method: ICP implementations and CPUs
# set and put back on every exit, configurations from flags and as a
# matrix, interleaved repetitions after a warm-up, a dry-run plan that runs
# as printed, and a meta.json that says only what is true.
. tests/e2e/lib.sh
. tests/e2e/runner-stubs.lib

# A sysfs of our own: ZFS's ICP parameters and four CPUs, the last offline.
FAKE=$TMP/sys
fake_sysfs() {
	rm -rf "$FAKE"
	mkdir -p "$FAKE/module/icp/parameters" "$FAKE/devices/system/cpu/cpu0"
	echo "cycle [fastest] generic x86_64 aesni" > "$FAKE/module/icp/parameters/icp_aes_impl"
	echo "cycle [fastest] avx generic pclmulqdq" > "$FAKE/module/icp/parameters/icp_gcm_impl"
	for k in 1 2 3; do mkdir -p "$FAKE/devices/system/cpu/cpu$k"; echo 1 > "$FAKE/devices/system/cpu/cpu$k/online"; done
	echo 0 > "$FAKE/devices/system/cpu/cpu3/online"
}
# A dd that notes, as it runs, the ICP implementations and CPUs in force.
mkdir -p "$TMP/notedd"
REAL_DD=$(command -v dd)
cat > "$TMP/notedd/dd" <<EOF
#!/bin/sh
[ "\$1" = --version ] || echo "aes=\$(cat "$FAKE/module/icp/parameters/icp_aes_impl") gcm=\$(cat "$FAKE/module/icp/parameters/icp_gcm_impl") cpus=\$(cat "$FAKE"/devices/system/cpu/cpu[123]/online | tr -d '\n')" >> "$TMP/notedd/log"
exec "$REAL_DD" "\$@"
EOF
chmod +x "$TMP/notedd/dd"
sysfs_now() { echo "aes=$(cat "$FAKE/module/icp/parameters/icp_aes_impl") gcm=$(cat "$FAKE/module/icp/parameters/icp_gcm_impl") cpus=$(cat "$FAKE"/devices/system/cpu/cpu[123]/online | tr -d '\n')"; }

if [ "$(id -u)" = 0 ]; then
	# ---- --aes-impl generic and --cpus N, restored after a run and a failure
	fake_sysfs
	: > "$TMP/notedd/log"
	ENCBENCH_SYSFS=$FAKE PATH="$TMP/notedd:$PATH" stub_run zfs --modes aes-256-gcm --aes-impl generic --cpus 2 --out "$TMP/AI"
	expect_rc "zfs with --aes-impl generic --cpus 2 exits 0" 0
	[ "$(sort -u "$TMP/notedd/log")" = "aes=generic gcm=generic cpus=100" ] && pass "every dd ran with generic AES and GCM and CPUs 2 and up offline" || { fail "what dd ran with"; sort -u "$TMP/notedd/log"; }
	[ "$(sysfs_now)" = "aes=fastest gcm=fastest cpus=110" ] && pass "afterwards the ICP implementations are back, and CPU 2 is online, CPU 3 still offline" || fail "sysfs after the run: $(sysfs_now)"
	grep -q '"config": "no-aesni-2-cores"' "$TMP/AI/meta.json" && pass "the config label follows from the flags" || fail "the config label follows from the flags"
	grep -q '"icp": {"aes_impl": "generic", "gcm_impl": "generic"}' "$TMP/AI/meta.json" && pass "meta.json records the ICP implementations in force" || fail "meta.json records the ICP implementations in force"
	for point in create import destroy; do
		fake_sysfs
		ENCBENCH_SYSFS=$FAKE STUB_FAIL=$point stub_run zfs --modes aes-256-gcm --aes-impl generic --cpus 1
		[ "$rc" -eq 1 ] && pass "a failure at '$point' with --aes-impl and --cpus fails the run" || fail "a failure at '$point' fails the run"
		[ "$(sysfs_now)" = "aes=fastest gcm=fastest cpus=110" ] && pass "after a failure at '$point' the ICP parameters and CPUs are restored" || fail "after '$point': $(sysfs_now)"
		[ -z "$(left_behind)" ] && pass "after a failure at '$point' nothing is left" || fail "after a failure at '$point' nothing is left"
	done
	fake_sysfs
	ENCBENCH_SYSFS=$FAKE stub_run zfs --modes none --aes-impl generic --ramdisk-size 1T
	expect_rc "a RAM disk too big for memory is refused" 1
	[ "$(sysfs_now)" = "aes=cycle [fastest] generic x86_64 aesni gcm=cycle [fastest] avx generic pclmulqdq cpus=110" ] \
		&& pass "the refusal changed no parameter" || fail "the refusal changed a parameter: $(sysfs_now)"

	# ---- --configs: the matrix in one go
	fake_sysfs
	: > "$TMP/notedd/log"
	ENCBENCH_SYSFS=$FAKE PATH="$TMP/notedd:$STUB:$PATH" "$RUNNER" --backend zfs --yes --tests dd --size 4M \
		--reps 1 --vdevs 4 --modes none --workdir "$TMP/work" --configs default,no-aesni,2-cores \
		--out "$TMP/M" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "--configs default,no-aesni,2-cores exits 0" 0
	for c in default no-aesni 2-cores; do
		grep -q "\"config\": \"$c\"" "$TMP/M/$c/meta.json" 2>/dev/null && pass "--configs: $c is a run directory of its own" || fail "--configs: $c is a run directory of its own"
	done
	# Each configuration's two dd runs (write, read) times two rounds.
	printf '%s\n' "aes=cycle [fastest] generic x86_64 aesni gcm=cycle [fastest] avx generic pclmulqdq cpus=110" \
		"aes=generic gcm=generic cpus=110" "aes=fastest gcm=fastest cpus=100" > "$TMP/want"
	uniq "$TMP/notedd/log" > "$TMP/got"
	if cmp -s "$TMP/want" "$TMP/got"; then pass "--configs: each configuration ran with its own settings, in order"; else
		fail "--configs: each configuration ran with its own settings"; diff "$TMP/want" "$TMP/got"; fi
	[ "$(sysfs_now)" = "aes=fastest gcm=fastest cpus=110" ] && pass "--configs: everything is restored at the end" || fail "--configs: restored: $(sysfs_now)"
	[ -z "$(left_behind)" ] && pass "--configs: nothing is left" || fail "--configs: nothing is left"

	# A signal to the --configs runner reaches the configuration running,
	# which puts its CPUs back before the first runner ends.
	fake_sysfs
	mkdir -p "$TMP/slow" "$TMP/S"
	cat > "$TMP/slow/fio" <<EOF
#!/bin/sh
[ "\$1" != --version ] || { echo fio-3.33; exit 0; }
: > "\$EB_DIR/encbench-fio.bin"
echo \$\$ > "$TMP/slow/fio.pid"
exec sleep 60
EOF
	chmod +x "$TMP/slow/fio"
	ENCBENCH_SYSFS=$FAKE PATH="$TMP/slow:$PATH" "$RUNNER" --backend dir --target none="$TMP/S" --tests fio \
		--size 1M --reps 1 --configs 2-cores,default --out "$TMP/MS" >"$TMP/out" 2>"$TMP/err" &
	rpid=$!
	i=0
	while [ ! -s "$TMP/slow/fio.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	during=$(sysfs_now)
	kill -TERM "$rpid"
	wait "$rpid"
	rc=$?
	expect_rc "--configs: SIGTERM ends the run with 143" 143
	[ "$during" = "aes=cycle [fastest] generic x86_64 aesni gcm=cycle [fastest] avx generic pclmulqdq cpus=100" ] && [ "$(sysfs_now)" = "aes=cycle [fastest] generic x86_64 aesni gcm=cycle [fastest] avx generic pclmulqdq cpus=110" ] \
		&& pass "--configs: CPU 2 was offline during 2-cores and is online again after the signal" || fail "--configs: CPUs during ($during) and after ($(sysfs_now))"
	[ -z "$(ls -A "$TMP/S")" ] && pass "--configs: the signal left no test file" || fail "--configs: the signal left no test file"
	[ ! -e "$TMP/MS/default" ] && pass "--configs: the configurations after it did not start" || fail "--configs: the configurations after it did not start"
	! kill -0 "$(cat "$TMP/slow/fio.pid")" 2>/dev/null && pass "--configs: the running test was stopped" || fail "--configs: the running test was stopped"
else
	skip "ICP, CPU and --configs stub runs need root"
fi

"$RUNNER" --backend fscrypt --aes-impl generic --dry-run >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "--aes-impl with a backend ZFS does not encrypt is a usage error" 64
"$RUNNER" --backend zfs --configs default,fast --dry-run >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "an unknown --configs entry is a usage error" 64

# ---- order and warm-up, on the dir backend for real

mkdir -p "$TMP/A" "$TMP/B"
"$RUNNER" --backend dir --target none="$TMP/A" --target aes-256-gcm="$TMP/B" --tests dd --size 1M \
	--reps 2 --release X --out "$TMP/I" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "an interleaved dir run exits 0" 0
sed -n 's/^encbench-run: warm-up \(.*\) (not kept)$/w \1/p; s/^encbench-run: \[[0-9]*\/8\] \([^ ]*\) .*/\1/p' "$TMP/err" > "$TMP/order"
printf '%s\n' "w none/dd-write-r0.txt" "w none/dd-read-r0.txt" "w aes-256-gcm/dd-write-r0.txt" "w aes-256-gcm/dd-read-r0.txt" \
	none/dd-write-r1.txt none/dd-read-r1.txt aes-256-gcm/dd-write-r1.txt aes-256-gcm/dd-read-r1.txt \
	none/dd-write-r2.txt none/dd-read-r2.txt aes-256-gcm/dd-write-r2.txt aes-256-gcm/dd-read-r2.txt > "$TMP/want"
if cmp -s "$TMP/want" "$TMP/order"; then pass "interleaved: a warm-up of every test, then rep 1 of every mode, then rep 2"; else
	fail "interleaved order"; diff "$TMP/want" "$TMP/order"; fi
[ -z "$(find "$TMP/I" -name '*r0*')" ] && pass "the warm-up's output is not kept" || fail "the warm-up's output is not kept"
grep -q '"expected": \["none/dd-write-r1.txt", "none/dd-read-r1.txt", "aes-256-gcm/dd-write-r1.txt", "aes-256-gcm/dd-read-r1.txt", "none/dd-write-r2.txt",' "$TMP/I/meta.json" \
	&& pass "meta.json lists the outputs in the order they ran" || fail "meta.json lists the outputs in the order they ran"
grep -q '"order": "interleaved", "warmup": 1' "$TMP/I/meta.json" && pass "meta.json records the order and the warm-up" || fail "meta.json records the order and the warm-up"
for key in '"vdevs"' '"layout"' '"zfs_userland"' '"cryptsetup"' '"bonnie++"' '"ashift"'; do
	grep -q "$key" "$TMP/I/meta.json" && fail "a dir run's meta.json says nothing of $key" || pass "a dir run's meta.json says nothing of $key"
done
grep -q '"tools": {"dd": "dd (coreutils) ' "$TMP/I/meta.json" && pass "meta.json names the tools that ran, only" || fail "meta.json names the tools that ran, only"

"$RUNNER" --backend dir --target none="$TMP/A" --target aes-256-gcm="$TMP/B" --tests dd --size 1M \
	--reps 2 --release X --order grouped --out "$TMP/G" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a grouped dir run exits 0" 0
sed -n 's/^encbench-run: warm-up \(.*\) (not kept)$/w \1/p; s/^encbench-run: \[[0-9]*\/8\] \([^ ]*\) .*/\1/p' "$TMP/err" > "$TMP/order"
printf '%s\n' "w none/dd-write-r0.txt" "w none/dd-read-r0.txt" none/dd-write-r1.txt none/dd-read-r1.txt \
	none/dd-write-r2.txt none/dd-read-r2.txt "w aes-256-gcm/dd-write-r0.txt" "w aes-256-gcm/dd-read-r0.txt" \
	aes-256-gcm/dd-write-r1.txt aes-256-gcm/dd-read-r1.txt aes-256-gcm/dd-write-r2.txt aes-256-gcm/dd-read-r2.txt > "$TMP/want"
if cmp -s "$TMP/want" "$TMP/order"; then pass "--order grouped: every rep of a mode in turn, each mode after its warm-up"; else
	fail "grouped order"; diff "$TMP/want" "$TMP/order"; fi
grep -q '"order": "grouped"' "$TMP/G/meta.json" && pass "meta.json records --order grouped" || fail "meta.json records --order grouped"

# ---- the dry-run plans

for b in zfs:encbench-24.04-default luks:encbench-24.04-default-luks fscrypt:encbench-24.04-default-fscrypt; do
	"$RUNNER" --backend "${b%%:*}" --dry-run --release 24.04 --reps 1 --tests dd >"$TMP/plan" 2>&1
	grep -q "outputs into ${b#*:}," "$TMP/plan" && pass "the ${b%%:*} backend's default out folder is ${b#*:}" || fail "the ${b%%:*} backend's default out folder"
done
"$RUNNER" --backend luks --dry-run --reps 1 --tests dd --vdevs 4 >"$TMP/plan" 2>&1
grep -q '^zpool create -o ashift=12 -O compression=off -O atime=off -O recordsize=131072 -O org.encbench:run=encbench-[0-9]*-[0-9]* -m none encbench-[0-9]*-[0-9]*-none raidz2 /run/encbench-[0-9]*-[0-9]*/vdev1 .*/vdev4$' "$TMP/plan" \
	&& pass "the luks plan has its own none baseline on the same files" || fail "the luks plan has its own none baseline"
grep -q '^zpool import -d /dev/mapper encbench-[0-9]*-[0-9]*-luks-xts-512$' "$TMP/plan" && pass "the luks plan re-imports from /dev/mapper between write and read" || fail "the luks plan re-imports"
ncpu=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)
if [ "$ncpu" -ge 2 ]; then
	"$RUNNER" --backend zfs --dry-run --reps 1 --tests dd --modes aes-256-gcm --aes-impl generic --cpus 1 >"$TMP/plan" 2>&1
	rc=$?
	expect_rc "the zfs plan with --aes-impl and --cpus exits 0" 0
	# The restores come last, after the RAM disk, the newest first.
	grep -n '^echo .* > /sys/' "$TMP/plan" | cut -d: -f2- > "$TMP/got"
	{
		echo "echo generic > /sys/module/icp/parameters/icp_aes_impl"
		echo "echo generic > /sys/module/icp/parameters/icp_gcm_impl"
		k=1; while [ $k -lt "$ncpu" ]; do echo "echo 0 > /sys/devices/system/cpu/cpu$k/online"; k=$((k + 1)); done
		k=$((ncpu - 1)); while [ $k -ge 1 ]; do echo "echo 1 > /sys/devices/system/cpu/cpu$k/online"; k=$((k - 1)); done
		old=$(sed -n 's/.*\[\([^]]*\)\].*/\1/p' /sys/module/icp/parameters/icp_gcm_impl 2>/dev/null); echo "echo ${old:-fastest} > /sys/module/icp/parameters/icp_gcm_impl"
		old=$(sed -n 's/.*\[\([^]]*\)\].*/\1/p' /sys/module/icp/parameters/icp_aes_impl 2>/dev/null); echo "echo ${old:-fastest} > /sys/module/icp/parameters/icp_aes_impl"
	} > "$TMP/want"
	if cmp -s "$TMP/want" "$TMP/got"; then pass "the plan sets the ICP and the CPUs and restores them, newest first"; else
		fail "the plan's ICP and CPU steps"; diff "$TMP/want" "$TMP/got"; fi
	[ "$(tail -n 1 "$TMP/plan")" = "echo fastest > /sys/module/icp/parameters/icp_aes_impl" ] || [ -e /sys/module/icp ] \
		&& pass "the ICP restore is the plan's last step" || fail "the ICP restore is the plan's last step"
else
	skip "the --cpus plan needs two CPUs"
fi

if [ "$(id -u)" = 0 ]; then
	# The plan, run by sh as printed against the stubs, does what a run does.
	: > "$STATE/log"
	PATH="$STUB:$PATH" "$RUNNER" --backend zfs --dry-run --tests dd --size 4M --reps 1 --vdevs 4 \
		--modes none,aes-128-gcm --workdir "$TMP/work" --out "$TMP/P" >"$TMP/plan" 2>"$TMP/err"
	grep -q "^env LC_ALL=C dd if=/dev/zero of=$TMP/work/encbench-[0-9]*-[0-9]*/mnt-none/encbench-[0-9]*-[0-9]*/encbench-dd.bin bs=1048576 count=4 conv=fdatasync >$TMP/P/none/dd-write-r1.txt.part 2>&1 && mv $TMP/P/none/dd-write-r1.txt.part $TMP/P/none/dd-write-r1.txt$" "$TMP/plan" \
		&& pass "the plan writes dd's statistics with its 2>&1 redirection" || fail "the plan writes dd's statistics with its 2>&1 redirection"
	PATH="$STUB:$PATH" sh -e "$TMP/plan" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "the zfs plan runs as printed" 0
	normalise < "$STATE/log" | grep -v '^zpool list\|^mountpoint\|^truncate' > "$TMP/plan.log"
	stub_run zfs --modes none,aes-128-gcm
	normalise < "$STATE/log" | grep -v '^zpool list\|^mountpoint\|^truncate\|^zfs version' > "$TMP/run.log"
	if cmp -s "$TMP/run.log" "$TMP/plan.log"; then pass "the printed plan makes the same calls as the run"; else
		fail "the printed plan makes the same calls as the run"; diff "$TMP/run.log" "$TMP/plan.log" | head; fi
	n=$(find "$TMP/P" -name 'dd-*-r1.txt' -size +0 | wc -l)
	[ "$n" -eq 4 ] && pass "the plan wrote the run's 4 outputs" || fail "the plan wrote $n outputs"
	[ -z "$(left_behind)" ] && pass "the plan removes what it made" || fail "the plan removes what it made"

	# A plan with quotes and spaces in its paths runs as printed too.
	odd="$TMP/it's a \$(dir)"
	mkdir -p "$odd"
	: > "$STATE/log"
	PATH="$STUB:$PATH" "$RUNNER" --backend zfs --dry-run --tests dd --size 4M --reps 1 --vdevs 4 \
		--modes none --workdir "$odd" --out "$odd/out" >"$TMP/plan" 2>"$TMP/err"
	PATH="$STUB:$PATH" sh -e "$TMP/plan" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "a plan with a quote, spaces and \$( in its paths runs as printed" 0
	[ "$(find "$odd/out" -name 'dd-*-r1.txt' -size +0 | wc -l)" -eq 2 ] && pass "and writes its outputs where it says" || fail "and writes its outputs where it says"
	[ "$(find "$odd" -mindepth 1 -not -path "$odd/out*" | wc -l)" -eq 0 ] && pass "and removes what it made" || fail "and removes what it made"
else
	skip "running the plan against the stubs needs root"
fi

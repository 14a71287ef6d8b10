# runner_storage.sh - the dir backend warns when a mode's folder is on other
# storage than the baseline's (another file system type, disk or pool), since
# the difference is then not only encryption, and meta.json records what
# each folder is stored on (outside audit E5).
. tests/e2e/lib.sh
RUNNER=${RUNNER:-$(pwd)/runner/encbench-run}
# Undo files go to the test's own folder: another run's, dead or alive,
# is no concern of this one.
TMPDIR=$TMP
export TMPDIR

dir_run() { # extra args; the dir backend with dd on 1 MiB; sets rc
	"$RUNNER" --backend dir --tests dd --size 1M --reps 1 --drop-caches "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

# ---- real folders: a tmpfs baseline against the test folder's disk

shm=/dev/shm
if [ -d "$shm" ] && [ -w "$shm" ] && [ "$(findmnt -n -o FSTYPE --target "$shm" | tail -n 1)" = tmpfs ] &&
	[ "$(findmnt -n -o FSTYPE --target "$TMP" | tail -n 1)" != tmpfs ]; then
	base=$(mktemp -d "$shm/eb-e2e-storage.XXXXXX")
	mkdir -p "$TMP/E"
	fs=$(findmnt -n -o FSTYPE --target "$TMP/E" | tail -n 1)
	dev=$(findmnt -n -o SOURCE --target "$TMP/E" | tail -n 1)
	disk=$(lsblk -r -n -s -o NAME,TYPE -- "$dev" 2>/dev/null | awk '$2 == "disk" || $2 == "loop" { print $1 }' | sort -u | tr '\n' ' ')
	if [ -n "$disk" ]; then st="disk ${disk% }"; else st=$dev; fi
	dir_run --target none="$base" --target aes-256-gcm="$TMP/E" --out "$TMP/R1"
	expect_rc "a tmpfs baseline against a folder on $fs runs" 0
	expect_err_line "the other storage is warned of" \
		"encbench-run: warning: --target aes-256-gcm=$TMP/E is on $fs ($st) and the baseline none=$base on tmpfs (tmpfs): the difference between them is not only encryption (meta.json records both)"
	grep -qF "\"none\": {\"path\": \"$base\", \"fs\": \"tmpfs\", \"device\": \"tmpfs\", \"storage\": \"tmpfs\", \"encryption\": null}" "$TMP/R1/meta.json" &&
		pass "meta.json records the baseline's storage" || fail "meta.json records the baseline's storage"
	grep -qF "\"aes-256-gcm\": {\"path\": \"$(cd "$TMP/E" && pwd -P)\", \"fs\": \"$fs\", \"device\": \"$dev\", \"storage\": \"$st\", \"encryption\": null}" "$TMP/R1/meta.json" &&
		pass "meta.json records the mode's storage" || fail "meta.json records the mode's storage"
	# Two folders of one file system: no such warning.
	mkdir -p "$TMP/N"
	dir_run --target none="$TMP/N" --target aes-256-gcm="$TMP/E" --out "$TMP/R2"
	expect_rc "a baseline on the mode's file system runs" 0
	grep -q "is not only encryption" "$TMP/err" && fail "folders on one file system are not warned of" ||
		pass "folders on one file system are not warned of"
	rm -rf "$base"
else
	skip "a tmpfs /dev/shm and a test folder on another file system are needed"
fi

# ---- stubs: dm-crypt over the baseline's disk, another disk, another pool

mkdir -p "$TMP/stub" "$TMP/P" "$TMP/C" "$TMP/D" "$TMP/Z1" "$TMP/Z2" "$TMP/Z3"
# findmnt and lsblk answer from tables: folder, type, source; device, its
# bottom devices.
cat > "$TMP/mounts" <<EOF
$TMP/P ext4 /dev/vdb1
$TMP/C ext4 /dev/mapper/secret
$TMP/D ext4 /dev/vdc
$TMP/Z1 zfs tank/plain
$TMP/Z2 zfs tank/enc
$TMP/Z3 zfs other/enc
EOF
cat > "$TMP/stub/findmnt" <<EOF
#!/bin/sh
col=\$3 dir=\$5
case \$col in FSTYPE) f=2 ;; *) f=3 ;; esac
awk -v d="\$dir" -v f=\$f '\$1 == d { print \$f }' "$TMP/mounts"
EOF
cat > "$TMP/stub/lsblk" <<'EOF'
#!/bin/sh
# -o NAME,TYPE or -o TYPE, then the device last.
cols=TYPE
for a in "$@"; do case $a in NAME,TYPE) cols=NAME,TYPE ;; esac; dev=$a; done
case $dev in
/dev/vdb1) t='vdb1 part\nvdb disk\n' ;;
/dev/mapper/secret) t='secret crypt\nvdb2 part\nvdb disk\n' ;;
/dev/vdc) t='vdc disk\n' ;;
*) exit 32 ;;
esac
if [ "$cols" = TYPE ]; then printf "$t" | awk '{ print $2 }'; else printf "$t"; fi
EOF
cat > "$TMP/stub/zfs" <<'EOF'
#!/bin/sh
for a in "$@"; do ds=$a; done
case $ds in */enc) echo aes-256-gcm ;; *) echo off ;; esac
EOF
chmod +x "$TMP/stub/findmnt" "$TMP/stub/lsblk" "$TMP/stub/zfs"
stub_dir_run() { PATH="$TMP/stub:$PATH" dir_run "$@"; }

stub_dir_run --target none="$TMP/P" --target luks="$TMP/C" --out "$TMP/R3"
expect_rc "dm-crypt on the baseline's disk runs" 0
grep -q "is not only encryption\|no encryption found" "$TMP/err" && fail "dm-crypt on the baseline's disk is not warned of" ||
	pass "dm-crypt on the baseline's disk is not warned of"
grep -qF '"luks": {"path": "'"$TMP/C"'", "fs": "ext4", "device": "/dev/mapper/secret", "storage": "disk vdb", "encryption": "dm-crypt"}' "$TMP/R3/meta.json" &&
	pass "meta.json names the disk under dm-crypt" || fail "meta.json names the disk under dm-crypt"
stub_dir_run --target none="$TMP/D" --target luks="$TMP/C" --out "$TMP/R4"
expect_rc "dm-crypt on another disk runs" 0
expect_err_line "another disk under the same file system type is warned of" \
	"encbench-run: warning: --target luks=$TMP/C is on ext4 (disk vdb) and the baseline none=$TMP/D on ext4 (disk vdc): the difference between them is not only encryption (meta.json records both)"
stub_dir_run --target none="$TMP/Z1" --target aes-256-gcm="$TMP/Z2" --target aes-128-gcm="$TMP/Z3" --out "$TMP/R5"
expect_rc "ZFS datasets of two pools run" 0
grep -q "aes-256-gcm=.* is not only encryption" "$TMP/err" && fail "a dataset of the baseline's pool is not warned of" ||
	pass "a dataset of the baseline's pool is not warned of"
expect_err_line "a dataset of another pool is warned of" \
	"encbench-run: warning: --target aes-128-gcm=$TMP/Z3 is on zfs (pool other) and the baseline none=$TMP/Z1 on zfs (pool tank): the difference between them is not only encryption (meta.json records both)"
# Audit 10, H2: other/enc is a dataset of aes-256-gcm, measured as
# aes-128-gcm; tank/enc is aes-256-gcm's own.
expect_err_line "a dataset of another mode than its name is warned of" \
	"encbench-run: warning: --target aes-128-gcm: $TMP/Z3 is encrypted by zfs:aes-256-gcm, not as the mode's name says: its figures are that encryption's (meta.json says so)"
grep -q "aes-256-gcm: .* is encrypted by" "$TMP/err" && fail "a dataset of its own mode is not warned of" ||
	pass "a dataset of its own mode is not warned of"

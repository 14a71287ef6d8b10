/* test_modes.c - the canonical spelling of encryption mode names, as issue 5
 * lists them, and what happens to names encbench does not know. */
#include "testutil.h"

#include "../../ingest/modes.h"

struct mode_case {
	const char *name, *want;
	int known;
};

static void
check(const struct mode_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char buf[EB_MODE_MAX];
		int known = eb_mode_canonical(cases[i].name, buf, sizeof buf);

		if (strcmp(buf, cases[i].want) != 0 || known != cases[i].known) {
			fail_msg("'%s' -> '%s' (%d), want '%s' (%d)", cases[i].name,
			    buf, known, cases[i].want, cases[i].known);
		}
	}
}

static void
test_none(void **state)
{
	static const struct mode_case cases[] = {
		{ "None", "none", 1 },
		{ "none", "none", 1 },
		{ "No encryption", "none", 1 },
		{ "no-encryption", "none", 1 },
		{ "unencrypted", "none", 1 },
		{ "Unencrypted", "none", 1 },
		{ "plain", "none", 1 },
		{ "Plaintext", "none", 1 },
		{ "encryption=off", "none", 1 },
		{ "  None  ", "none", 1 },
		{ "ZFS/none", "none", 1 },
		{ "none (baseline)", "none", 1 }, { "Baseline: none", "none", 1 },
		{ "Baseline", "baseline", 0 },
		{ "OpenZFS none", "none", 1 },
	};

	(void)state;
	check(cases, sizeof cases / sizeof cases[0]);
}

static void
test_zfs(void **state)
{
	static const struct mode_case cases[] = {
		{ "AES-256-GCM", "aes-256-gcm", 1 },
		{ "aes256gcm", "aes-256-gcm", 1 },
		{ "GCM 256", "aes-256-gcm", 1 },
		{ "aes-256-gcm", "aes-256-gcm", 1 },
		{ "AES 256 GCM", "aes-256-gcm", 1 },
		{ "ZFS native aes-256-gcm", "aes-256-gcm", 1 },
		{ "AES-128-GCM", "aes-128-gcm", 1 },
		{ "aes192gcm", "aes-192-gcm", 1 },
		{ "GCM 128", "aes-128-gcm", 1 },
		{ "AES-256-CCM", "aes-256-ccm", 1 },
		{ "aes128ccm", "aes-128-ccm", 1 },
		{ "CCM 192", "aes-192-ccm", 1 },
		{ "ccm-256", "aes-256-ccm", 1 },
		/* No key length: ZFS has no such value, so it is not guessed. */
		{ "AES-GCM", "aes-gcm", 0 },
		/* Two key lengths or two cipher modes name nothing. */
		{ "GCM 128/256", "gcm-128/256", 0 },
		{ "aes-256-gcm-ccm", "aes-256-gcm-ccm", 0 },
	};

	(void)state;
	check(cases, sizeof cases / sizeof cases[0]);
}

static void
test_luks(void **state)
{
	static const struct mode_case cases[] = {
		{ "LUKS", "luks-xts-512", 1 },
		{ "LUKS (512)", "luks-xts-512", 1 },
		{ "LUKS2 aes-xts-plain64 4096", "luks-xts-4k", 1 },
		{ "LUKS 4K", "luks-xts-4k", 1 },
		{ "luks1", "luks-xts-512", 1 },
		{ "LUKS2", "luks-xts-512", 1 },
		{ "LUKS2 4096", "luks-xts-4k", 1 },
		{ "luks-xts-4k", "luks-xts-4k", 1 },
		{ "luks-xts-512", "luks-xts-512", 1 },
		{ "LUKS2 2048", "luks-xts-2k", 1 },
		{ "LUKS 1K", "luks-xts-1k", 1 },
		/* cryptsetup's default 512-bit key beside a 4K sector size. */
		{ "LUKS2 aes-xts-plain64 512-bit key, 4096 sectors", "luks-xts-4k", 1 },
		/* The key size is part of the mode (audit C18): the runner's
		 * 512-bit key is AES-256-XTS; any other key is a mode of its
		 * own, kept as written, never a repetition of luks-xts-512. */
		{ "LUKS2 aes-xts-plain64 512-bit key", "luks-xts-512", 1 },
		{ "LUKS AES-256-XTS", "luks-xts-512", 1 },
		{ "LUKS2 key size 512, 4K sectors", "luks-xts-4k", 1 },
		{ "LUKS2 aes-xts-plain64 256-bit key", "luks2-aes-xts-plain64-256-bit-key", 0 },
		{ "LUKS AES-128-XTS", "luks-aes-128-xts", 0 },
		{ "LUKS2 --key-size 256", "luks2---key-size-256", 0 },
		{ "LUKS 256", "luks-256", 0 },
		{ "LUKS 384-bit key", "luks-384-bit-key", 0 },
		{ "LUKS 512-bit key 256-bit key", "luks-512-bit-key-256-bit-key", 0 },
		/* Not XTS: no canonical name. */
		{ "LUKS aes-cbc-essiv:sha256", "luks-aes-cbc-essiv:sha256", 0 },
		{ "LUKS 2K 4K", "luks-2k-4k", 0 },
	};

	(void)state;
	check(cases, sizeof cases / sizeof cases[0]);
}

static void
test_geli(void **state)
{
	static const struct mode_case cases[] = {
		{ "geli", "geli-xts-128", 1 },
		{ "GELI", "geli-xts-128", 1 },
		{ "GELI AES-XTS 128", "geli-xts-128", 1 },
		{ "GELI AES-XTS 256", "geli-xts-256", 1 },
		{ "geli-xts-256", "geli-xts-256", 1 },
		{ "geli 4096 sectors", "geli-xts-128", 1 },
		/* A key size XTS cannot have in geli (C18's class): no default. */
		{ "GELI AES-XTS 512-bit key", "geli-aes-xts-512-bit-key", 0 },
		{ "geli key 512", "geli-key-512", 0 },
		{ "GELI AES-CBC", "geli-aes-cbc", 0 },
	};

	(void)state;
	check(cases, sizeof cases / sizeof cases[0]);
}

static void
test_fscrypt(void **state)
{
	static const struct mode_case cases[] = {
		{ "fscrypt-aes-256-xts", "fscrypt-aes-256-xts", 1 },
		{ "fscrypt", "fscrypt-aes-256-xts", 1 },
		{ "ext4 fscrypt v2", "fscrypt-aes-256-xts", 1 },
		{ "fscrypt AES-256-XTS/AES-256-CTS", "fscrypt-aes-256-xts", 1 },
		{ "e4crypt", "fscrypt-aes-256-xts", 1 },
		{ "fscrypt-adiantum", "fscrypt-adiantum", 1 },
		{ "FSCRYPT Adiantum", "fscrypt-adiantum", 1 },
		/* Contents modes without a canonical name stay as written. */
		{ "fscrypt aes-128-cbc", "fscrypt-aes-128-cbc", 0 },
		{ "fscrypt hctr2", "fscrypt-hctr2", 0 },
		{ "fscrypt adiantum aes-xts", "fscrypt-adiantum-aes-xts", 0 },
	};

	(void)state;
	check(cases, sizeof cases / sizeof cases[0]);
}

static void
test_unknown(void **state)
{
	static const struct mode_case cases[] = {
		{ "Keine Verschlüsselung", "keine-verschlüsselung", 0 },
		{ "  Bit Locker  ", "bit-locker", 0 },
		{ "VeraCrypt\tAES", "veracrypt-aes", 0 },
		{ "LUKS + ZFS GCM 256", "luks-+-zfs-gcm-256", 0 },
		{ "", "", 0 },
	};
	char small[8];

	(void)state;
	check(cases, sizeof cases / sizeof cases[0]);
	/* The caller's buffer bounds everything. */
	assert_int_equal(eb_mode_canonical("AES-256-GCM", small, sizeof small), 1);
	assert_string_equal(small, "aes-256");
	assert_int_equal(eb_mode_canonical("something long", small, sizeof small), 0);
	assert_string_equal(small, "somethi");
	assert_int_equal(eb_mode_canonical("x", small, 0), 0);
}

/* A label's words beside its mode: a configuration the runner names
 * becomes the config, any other word is reported, never dropped (audit
 * A33: "AES-256-GCM (no AES-NI)" was a second run of aes-256-gcm). */
static void
test_qualifiers(void **state)
{
	static const struct {
		const char *label;
		int kind;
		const char *mode, *config, *extra;
	} cases[] = {
		{ "AES-256-GCM (no AES-NI)", EB_MODE_KNOWN, "aes-256-gcm", "no-aesni", "" },
		{ "AES-256-GCM, AES-NI off", EB_MODE_KNOWN, "aes-256-gcm", "no-aesni", "" },
		{ "aes-256-gcm w/o AESNI", EB_MODE_KNOWN, "aes-256-gcm", "no-aesni", "" },
		{ "AES-128-CCM (4 cores)", EB_MODE_KNOWN, "aes-128-ccm", "4-cores", "" },
		{ "GCM 256, no AES-NI, 2 CPUs", EB_MODE_KNOWN, "aes-256-gcm", "no-aesni-2-cores", "" },
		{ "None (no AES-NI)", EB_MODE_KNOWN, "none", "no-aesni", "" },
		{ "No encryption, no AES-NI", EB_MODE_KNOWN, "none", "no-aesni", "" },
		{ "LUKS 4K (2 cores)", EB_MODE_KNOWN, "luks-xts-4k", "2-cores", "" },
		{ "AES-256-GCM (ZFS native, default)", EB_MODE_KNOWN, "aes-256-gcm", "", "" },
		/* AES-NI on is the default configuration, the sheet's own (D17). */
		{ "AES-256-GCM (AES-NI)", EB_MODE_KNOWN, "aes-256-gcm", "", "" },
		{ "AES-256-GCM (with AES-NI)", EB_MODE_KNOWN, "aes-256-gcm", "", "" },
		{ "AES-256-GCM (AES-NI on)", EB_MODE_KNOWN, "aes-256-gcm", "", "" },
		{ "AES-256-GCM (AES-NI enabled, 2 cores)", EB_MODE_KNOWN, "aes-256-gcm", "2-cores", "" },
		{ "LUKS2 aes-xts-plain64 512-bit key, 4096 sectors", EB_MODE_KNOWN, "luks-xts-4k", "", "" },
		{ "LUKS (4K sectors; not 512)", EB_MODE_EXTRA, "luks-xts-4k", "", "not" },
		{ "AES-256-GCM (compression on)", EB_MODE_EXTRA, "aes-256-gcm", "", "compression" },
		{ "AES-256-GCM run 2", EB_MODE_EXTRA, "aes-256-gcm", "", "run 2" },
		{ "GELI AES-XTS 128 (HDD)", EB_MODE_EXTRA, "geli-xts-128", "", "hdd" },
		{ "LUKS 4K 3", EB_MODE_EXTRA, "luks-xts-4k", "", "3" },
		/* Two readings of one setting, or no mode: kept as written. */
		{ "AES-256-GCM (no AES-NI, AES-NI on)", EB_MODE_UNKNOWN,
		    "aes-256-gcm-(no-aes-ni,-aes-ni-on)", "", "" },
		{ "Serpent XTS (no AES-NI)", EB_MODE_UNKNOWN, "serpent-xts-(no-aes-ni)", "", "" },
		{ "No AES-NI", EB_MODE_UNKNOWN, "no-aes-ni", "", "" },
	};
	char buf[EB_MODE_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct eb_mode_label m;
		int kind = eb_mode_read(cases[i].label, &m);

		if (kind != cases[i].kind || strcmp(m.mode, cases[i].mode) != 0 ||
		    strcmp(m.config, cases[i].config) != 0 || strcmp(m.extra, cases[i].extra) != 0)
			fail_msg("'%s' -> %d '%s' '%s' '%s', want %d '%s' '%s' '%s'", cases[i].label,
			    kind, m.mode, m.config, m.extra, cases[i].kind, cases[i].mode,
			    cases[i].config, cases[i].extra);
	}
	/* The one-name spelling keeps such a label whole: a run folder named
	 * aes-256-gcm-no-aesni is not aes-256-gcm. */
	assert_int_equal(eb_mode_canonical("AES-256-GCM (no AES-NI)", buf, sizeof buf), 0);
	assert_string_equal(buf, "aes-256-gcm-(no-aes-ni)");
	assert_int_equal(eb_mode_canonical("aes-256-gcm-no-aesni", buf, sizeof buf), 0);
	assert_string_equal(buf, "aes-256-gcm-no-aesni");
	assert_int_equal(eb_mode_canonical("LUKS (4K sectors; not 512)", buf, sizeof buf), 0);
	assert_string_equal(buf, "luks-(4k-sectors;-not-512)");
}

/* One spelling of a release from every input (audit D7): a sheet's title,
 * --set release=, a map file, meta.json. */
static void
test_release_labels(void **state)
{
	static const struct {
		const char *text, *want;
		int known;
	} cases[] = {
		{ "Ubuntu 24.04", "24.04", 1 }, { "ubuntu 24.04", "24.04", 1 },
		{ "24.04 LTS", "24.04", 1 }, { "Ubuntu 24.04 LTS", "24.04", 1 },
		{ "  24.04 ", "24.04", 1 }, { "Ubuntu 23.1", "23.10", 1 },
		{ "23.1", "23.1", 1 }, { "24.4", "24.4", 1 }, { "V2.2", "2.2", 1 },
		{ "Release 22.04", "22.04", 1 },
		/* The name and number glued, a code name or LTS beside it
		 * (audit F10): one release, as "Ubuntu 24.04" is. */
		{ "Ubuntu-24.04", "24.04", 1 }, { "Ubuntu 24.04 (noble)", "24.04", 1 },
		{ "Ubuntu 24.04 \"Noble Numbat\"", "24.04", 1 }, { "v24.04", "24.04", 1 },
		{ "ubuntu_24.04", "24.04", 1 }, { "Ubuntu24.04", "24.04", 1 },
		{ "24.04-LTS", "24.04", 1 }, { "Ubuntu 24.04.1 (noble)", "24.04.1", 1 },
		/* A code name of another release says two. */
		{ "Ubuntu 24.04 (jammy)", "ubuntu-24.04-(jammy)", 0 },
		/* Another system keeps its name, one dash before the number. */
		{ "FreeBSD 14.0", "freebsd-14.0", 1 }, { "FreeBSD-14.1", "freebsd-14.1", 1 },
		{ "FreeBSD 14.1-RELEASE", "freebsd-14.1", 1 }, { "freebsd14.1", "freebsd-14.1", 1 },
		{ "Debian 12 (bookworm)", "debian-12", 1 }, { "Debian 12 (trixie)", "debian-12-(trixie)", 0 },
		{ "2-cores", "2-cores", 0 }, { "FreeBSD Linux 14.1", "freebsd-linux-14.1", 0 },
		{ "24.04 (HWE kernel)", "24.04-(hwe-kernel)", 0 },
		{ "Ubuntu 24.04 No AES-NI", "ubuntu-24.04-no-aes-ni", 0 },
		{ "Ubuntu", "ubuntu", 0 }, { "24.04 vs 23.10", "24.04-vs-23.10", 0 },
	};
	char buf[EB_MODE_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int known = eb_label_normalize(EB_F_RELEASE, cases[i].text, buf, sizeof buf);

		if (known != cases[i].known || strcmp(buf, cases[i].want) != 0)
			fail_msg("'%s' -> %d '%s', want %d '%s'", cases[i].text, known, buf,
			    cases[i].known, cases[i].want);
	}
	/* The other labels as --set and meta.json pass them. */
	assert_int_equal(eb_label_normalize(EB_F_CONFIG, "No AES-NI", buf, sizeof buf), 1);
	assert_string_equal(buf, "no-aesni");
	assert_int_equal(eb_label_normalize(EB_F_MODE, "GCM 256", buf, sizeof buf), 1);
	assert_string_equal(buf, "aes-256-gcm");
	assert_int_equal(eb_label_normalize(EB_F_HOST, "My Box", buf, sizeof buf), 0);
	assert_string_equal(buf, "my-box");
}

/* The runner's configuration labels (encbench-run --config, --configs),
 * one spelling from every input (audit A36). */
static void
test_configs(void **state)
{
	static const char *const cases[][2] = {
		{ "No AES-NI", "no-aesni" }, { "no-aes-ni", "no-aesni" }, { "noaesni", "no-aesni" },
		{ "AES-NI disabled", "no-aesni" }, { "Ohne AES-NI", "no-aesni" },
		{ "--aes-impl generic", "no-aesni" }, { "icp_aes_impl=generic", "no-aesni" },
		{ "2-cores", "2-cores" }, { "2 Cores", "2-cores" }, { "cores: 8", "8-cores" },
		{ "no-aesni-2-cores", "no-aesni-2-cores" }, { "2 vCPUs + no AES-NI", "no-aesni-2-cores" },
		{ "2 cores and no AES-NI", "no-aesni-2-cores" }, { "default", "default" },
		{ "Defaults", "default" }, { "default, 2 cores", "2-cores" },
		{ "AES-NI", "default" }, { "with AES-NI", "default" }, { "AES-NI on", "default" },
		{ "AES-NI enabled", "default" }, { "2 cores, AES-NI on", "2-cores" },
		{ "2 cores, 4 cores", NULL }, { "AES-NI off, AES-NI on", NULL },
		{ "2 threads", NULL }, { "compression on", NULL }, { "", NULL },
	};
	char buf[EB_MODE_MAX], small[6];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int ok = eb_config_canonical(cases[i][0], buf, sizeof buf);

		if (ok != (cases[i][1] != NULL) || (ok && strcmp(buf, cases[i][1]) != 0))
			fail_msg("'%s' -> %d '%s', want '%s'", cases[i][0], ok, ok ? buf : "",
			    cases[i][1] ? cases[i][1] : "(none)");
	}
	assert_int_equal(eb_config_canonical("No AES-NI", small, sizeof small), 1);
	assert_string_equal(small, "no-ae");
	assert_int_equal(eb_config_canonical("No AES-NI", small, 0), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_none),
		cmocka_unit_test(test_zfs),
		cmocka_unit_test(test_luks),
		cmocka_unit_test(test_geli),
		cmocka_unit_test(test_fscrypt),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_qualifiers),
		cmocka_unit_test(test_configs),
		cmocka_unit_test(test_release_labels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

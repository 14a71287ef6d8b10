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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

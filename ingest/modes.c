/* modes.c - maps the many ways people write an encryption mode ("GCM 256",
 * "LUKS2 aes-xts-plain64 4096", "No encryption") to one canonical spelling. */
#include <stdio.h>
#include <string.h>

#include "ingest.h"
#include "modes.h"
#include "sheet.h"

#define MAXTOK 24
#define TOKLEN 24

/* A name cut into runs of letters and runs of digits, so that "aes256gcm",
 * "AES-256-GCM" and "GCM 256" all come out as the same words. */
struct words {
	char w[MAXTOK][TOKLEN];
	long num[MAXTOK];	/* the value of a run of digits, else -1 */
	int n;
};

static int
isalpha_(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
isdigit_(int c)
{
	return c >= '0' && c <= '9';
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Returns 0 when the name has more words than any mode name has. */
static int
split(const char *s, struct words *ws)
{
	ws->n = 0;
	while (*s != '\0') {
		int digit = isdigit_((unsigned char)*s);
		size_t k = 0;
		char *w;

		if (!digit && !isalpha_((unsigned char)*s)) {
			s++;
			continue;
		}
		if (ws->n == MAXTOK)
			return 0;
		w = ws->w[ws->n];
		while (*s != '\0' && (digit ? isdigit_((unsigned char)*s) :
		    isalpha_((unsigned char)*s))) {
			/* A longer word is cut; no word we look for is
			 * that long, so the cut one still matches none. */
			if (k < TOKLEN - 1)
				w[k++] = (char)lower((unsigned char)*s);
			s++;
		}
		w[k] = '\0';
		ws->num[ws->n] = -1;
		if (digit && k <= 7) {
			long v = 0;

			for (size_t i = 0; i < k; i++)
				v = v * 10 + (w[i] - '0');
			ws->num[ws->n] = v;
		}
		ws->n++;
	}
	return 1;
}

static int
has(const struct words *ws, const char *word)
{
	for (int i = 0; i < ws->n; i++)
		if (strcmp(ws->w[i], word) == 0)
			return 1;
	return 0;
}

static int
word_is(const struct words *ws, int i, const char *word)
{
	return i >= 0 && i < ws->n && strcmp(ws->w[i], word) == 0;
}

/* Whole names that mean "no encryption", as words joined by spaces. */
static const char *const none_names[] = {
	"none", "no", "no encryption", "no enc", "noenc", "unencrypted",
	"not encrypted", "plain", "plaintext", "cleartext", "off",
	"encryption off", "encryption none", "encryption disabled", "disabled",
	"no crypto", "nocrypt",
};

/* Ciphers and cipher modes that no canonical name covers: a LUKS device
 * with aes-cbc-essiv is not luks-xts, so such names stay as written. */
static const char *const foreign[] = {
	"cbc", "ecb", "lrw", "essiv", "adiantum", "serpent", "twofish",
	"camellia", "chacha", "xchacha", "hctr", "blowfish", "cast", "des",
	"sm4", "aria", "ctr", "ofb", "cfb",
};

static int
is_none(const struct words *ws)
{
	char joined[MAXTOK * TOKLEN];
	size_t len = 0;

	joined[0] = '\0';
	/* "ZFS none", "ZFS/none": no encryption on ZFS; "none (baseline)"
	 * says what none is for (outside audit 11, I17), "baseline" alone
	 * names no mode. */
	for (int i = word_is(ws, 0, "zfs") || word_is(ws, 0, "openzfs"); i < ws->n; i++) {
		size_t k = strlen(ws->w[i]);

		if (ws->n > 1 && strcmp(ws->w[i], "baseline") == 0)
			continue;
		if (len > 0)
			joined[len++] = ' ';
		memcpy(joined + len, ws->w[i], k + 1);
		len += k;
	}
	for (size_t i = 0; i < sizeof none_names / sizeof none_names[0]; i++)
		if (strcmp(joined, none_names[i]) == 0)
			return 1;
	return 0;
}

/* ZFS native encryption: the key length is part of the property value
 * (aes-128-ccm ... aes-256-gcm), and a name without one says too little. */
static int
zfs_mode(const struct words *ws, const char *cm, char *buf, size_t n)
{
	long key = 0;

	if (has(ws, "xts"))
		return 0;
	for (int i = 0; i < ws->n; i++) {
		long v = ws->num[i];

		if (v != 128 && v != 192 && v != 256)
			continue;
		if (key != 0 && key != v)
			return 0;
		key = v;
	}
	if (key == 0)
		return 0;
	snprintf(buf, n, "aes-%ld-%s", key, cm);
	return 1;
}

static int
k_after(const struct words *ws, int i)
{
	return word_is(ws, i + 1, "k") || word_is(ws, i + 1, "kb") ||
	    word_is(ws, i + 1, "kib") || word_is(ws, i + 1, "kn");
}

/* The XTS key size in bits a LUKS name states, from word i: "512-bit key",
 * "key size 256", "--key-size 512", or AES-N ("aes-xts-plain64" is cut
 * into aes, xts, plain, 64; "AES-256-XTS" into aes, 256, xts), whose XTS
 * key is twice N: AES-256-XTS is cryptsetup's "512-bit key". 0 when word
 * i states none. */
static long
luks_key_bits(const struct words *ws, int i)
{
	long v = ws->num[i];

	if (v <= 0)
		return 0;
	if (word_is(ws, i + 1, "bit") || word_is(ws, i + 1, "bits") ||
	    (word_is(ws, i + 1, "b") && word_is(ws, i + 2, "key")))
		return v;
	/* "512-bit key, 4096 sectors": the number after "key" is the
	 * sector size when it says so or is one only a sector has. */
	if (v >= 1024 || word_is(ws, i + 1, "sector") || word_is(ws, i + 1, "sectors") ||
	    k_after(ws, i))
		return 0;
	if (word_is(ws, i - 1, "key") || word_is(ws, i - 1, "keysize") ||
	    word_is(ws, i - 1, "keylen") || word_is(ws, i - 1, "keybits") ||
	    ((word_is(ws, i - 1, "size") || word_is(ws, i - 1, "length") ||
	    word_is(ws, i - 1, "len")) && word_is(ws, i - 2, "key")))
		return v;
	if (word_is(ws, i - 1, "aes") && (v == 128 || v == 192 || v == 256))
		return 2 * v;
	return 0;
}

/* LUKS: the numbers that matter are the sector size and the key size.
 * encbench-run formats with aes-xts-plain64 and a 512-bit key (AES-256-
 * XTS), so luks-xts-512 and luks-xts-4k are that key with 512-byte or 4
 * KiB sectors. A name stating another key size (AES-128-XTS is a "256-bit
 * key") is another mode with no canonical name, and so is a bare 256 or
 * 384, which cryptsetup's --key-size and an AES key length both read
 * (audit C18: "512-bit key" and "256-bit key" became one mode). A bare 512
 * is the sector size or the key, which agree; a larger sector size named
 * beside it wins. A name with none means 512, LUKS1's only size. */
static int
luks_mode(const struct words *ws, char *buf, size_t n)
{
	long sector = 0, key = 0;

	for (int i = 0; i < ws->n; i++) {
		long v = ws->num[i], s = 0, k = luks_key_bits(ws, i);

		if (v < 0)
			continue;
		if (k != 0) {
			if (key != 0 && key != k)
				return 0;
			key = k;
			continue;
		}
		if ((v == 1 || v == 2 || v == 4) && (word_is(ws, i + 1, "k") ||
		    word_is(ws, i + 1, "kb") || word_is(ws, i + 1, "kib") ||
		    word_is(ws, i + 1, "kn")))
			s = v * 1024;
		else if (word_is(ws, i - 1, "luks") && (v == 1 || v == 2))
			continue;	/* LUKS1, LUKS2 */
		else if (v == 256 || v == 384)
			return 0;
		else if (v == 1024 || v == 2048 || v == 4096)
			s = v;
		if (s == 0)
			continue;
		if (sector != 0 && sector != s)
			return 0;
		sector = s;
	}
	if (key != 0 && key != 512)
		return 0;
	if (sector == 0 || sector == 512)
		snprintf(buf, n, "luks-xts-512");
	else
		snprintf(buf, n, "luks-xts-%ldk", sector / 1024);
	return 1;
}

/* geli: AES-XTS with a 128-bit key unless told otherwise (geli(8) -l);
 * XTS takes 128 or 256 only. Another key size stated ("512-bit key", as
 * cryptsetup counts XTS's two keys) is no geli-xts mode: it was read past
 * as the default 128. */
static int
geli_mode(const struct words *ws, char *buf, size_t n)
{
	long key = 0;

	for (int i = 0; i < ws->n; i++) {
		long v = ws->num[i];

		if (v == 192)
			return 0;
		if (v != 128 && v != 256) {
			if (v > 0 && (word_is(ws, i + 1, "bit") || word_is(ws, i + 1, "bits") ||
			    word_is(ws, i - 1, "key") || word_is(ws, i - 1, "keylen") ||
			    word_is(ws, i - 1, "keysize")))
				return 0;
			continue;
		}
		if (key != 0 && key != v)
			return 0;
		key = v;
	}
	snprintf(buf, n, "geli-xts-%ld", key ? key : 128);
	return 1;
}

/* Linux fscrypt (ext4, f2fs native encryption): AES-256-XTS contents with
 * AES-256-CTS names unless Adiantum is named; the kernel offers no other
 * key length for XTS, and CBC or HCTR2 contents have no canonical name. */
static int
fscrypt_mode(const struct words *ws, char *buf, size_t n)
{
	static const char *const allowed[] = {
		"fscrypt", "e", "crypt", "ext", "f", "fs", "aes", "xts", "cts",
		"adiantum", "v", "policy", "encryption", "native",
	};

	for (int i = 0; i < ws->n; i++) {
		int ok = ws->num[i] == 256 || (ws->num[i] >= 0 && ws->num[i] <= 4);

		for (size_t k = 0; !ok && k < sizeof allowed / sizeof allowed[0]; k++)
			ok = strcmp(ws->w[i], allowed[k]) == 0;
		if (!ok)
			return 0;
	}
	if (has(ws, "adiantum")) {
		if (has(ws, "aes") || has(ws, "xts"))
			return 0;
		snprintf(buf, n, "fscrypt-adiantum");
	} else
		snprintf(buf, n, "fscrypt-aes-256-xts");
	return 1;
}

static int
known_words(const struct words *ws, char *buf, size_t n)
{
	int luks, geli, gcm, ccm;

	if (ws->n == 0)
		return 0;
	if (is_none(ws)) {
		snprintf(buf, n, "none");
		return 1;
	}
	/* Before the foreign ciphers: Adiantum is one of fscrypt's modes. */
	if (has(ws, "fscrypt") || (word_is(ws, 0, "e") && has(ws, "crypt")))
		return fscrypt_mode(ws, buf, n);
	for (size_t i = 0; i < sizeof foreign / sizeof foreign[0]; i++)
		if (has(ws, foreign[i]))
			return 0;
	luks = has(ws, "luks");
	geli = has(ws, "geli");
	gcm = has(ws, "gcm");
	ccm = has(ws, "ccm");
	if (luks + geli + gcm + ccm != 1)
		return 0;
	if (luks)
		return luks_mode(ws, buf, n);
	if (geli)
		return geli_mode(ws, buf, n);
	return zfs_mode(ws, gcm ? "gcm" : "ccm", buf, n);
}

/* ---- configurations: the runner's labels (encbench-run --config) */

static int
in_list(const char *w, const char *const *list)
{
	for (size_t i = 0; list[i] != NULL; i++)
		if (strcmp(w, list[i]) == 0)
			return 1;
	return 0;
}

/* What the words of a label say of the runner's configuration: ZFS's ICP
 * without AES-NI (--aes-impl generic, "no-aesni"), with it, and a CPU
 * count (--cpus N, "N-cores"). used[i] is set for each word that says so. */
struct cfg {
	int aesni;		/* 0 unsaid, 1 on, -1 off */
	long cores;		/* 0 unsaid */
	int clash;		/* two readings of one setting */
};

static const char *const negations[] = {
	"no", "without", "non", "sans", "ohne", "kein", "keine", "disable",
	"disabled", "deactivated", NULL,
};
static const char *const offs[] = {
	"off", "disabled", "deactivated", "false", "no", "none", "aus", NULL,
};
static const char *const ons[] = { "on", "enabled", "yes", "true", "an", NULL };
static const char *const cpu_words[] = {
	"core", "cores", "cpu", "cpus", "vcpu", "vcpus", NULL,
};

static void
cfg_aesni(struct cfg *c, int v)
{
	if (c->aesni != 0 && c->aesni != v)
		c->clash = 1;
	c->aesni = v;
}

static void
cfg_cores(struct cfg *c, long v)
{
	if (c->cores != 0 && c->cores != v)
		c->clash = 1;
	c->cores = v;
}

static void
cfg_scan(const struct words *ws, unsigned char *used, struct cfg *c)
{
	memset(c, 0, sizeof *c);
	for (int i = 0; i < ws->n; i++) {
		int len = strcmp(ws->w[i], "aesni") == 0 ? 1 :
		    word_is(ws, i, "aes") && word_is(ws, i + 1, "ni") ? 2 : 0;

		if (used[i])
			continue;
		if (strcmp(ws->w[i], "noaesni") == 0) {
			used[i] = 1;
			cfg_aesni(c, -1);
		} else if (len > 0) {
			int v = 1;

			used[i] = 1;
			if (len == 2)
				used[i + 1] = 1;
			/* "w/o AES-NI" is the words w, o. */
			if (i >= 2 && word_is(ws, i - 2, "w") && word_is(ws, i - 1, "o")) {
				used[i - 2] = used[i - 1] = 1;
				v = -1;
			} else if (i >= 1 && in_list(ws->w[i - 1], negations)) {
				used[i - 1] = 1;
				v = -1;
			}
			if (i + len < ws->n && in_list(ws->w[i + len], offs)) {
				used[i + len] = 1;
				v = v == -1 ? 0 : -1;	/* "no AES-NI off" says nothing */
			} else if (i + len < ws->n && in_list(ws->w[i + len], ons)) {
				used[i + len] = 1;
				v = v == -1 ? 0 : 1;	/* "no AES-NI on" neither */
			}
			if (v == 0)
				c->clash = 1;
			else
				cfg_aesni(c, v);
			i += len - 1;
		} else if (strcmp(ws->w[i], "generic") == 0 && i >= 1 &&
		    (word_is(ws, i - 1, "icp") || word_is(ws, i - 1, "impl"))) {
			/* --aes-impl generic, icp_aes_impl=generic */
			used[i] = used[i - 1] = 1;
			for (int k = i - 2; k >= 0 && k >= i - 3; k--)
				if (word_is(ws, k, "icp") || word_is(ws, k, "aes"))
					used[k] = 1;
			cfg_aesni(c, -1);
		} else if (ws->num[i] >= 1 && ws->num[i] <= 9999 && i + 1 < ws->n &&
		    in_list(ws->w[i + 1], cpu_words)) {
			used[i] = used[i + 1] = 1;
			cfg_cores(c, ws->num[i]);
			i++;
		} else if (in_list(ws->w[i], cpu_words) && i + 1 < ws->n &&
		    ws->num[i + 1] >= 1 && ws->num[i + 1] <= 9999) {
			used[i] = used[i + 1] = 1;
			cfg_cores(c, ws->num[i + 1]);
			i++;
		}
	}
}

/* AES-NI on is the runner's default configuration, and N-cores keeps it:
 * "AES-NI", "with AES-NI", "AES-NI on" add no word (D17). */
static void
cfg_write(const struct cfg *c, char *buf, size_t n)
{
	const char *a = c->aesni < 0 ? "no-aesni" : "";

	if (c->cores > 0)
		snprintf(buf, n, "%s%s%ld-cores", a, *a ? "-" : "", c->cores);
	else
		snprintf(buf, n, "%s", a);
}

int
eb_config_canonical(const char *text, char *buf, size_t n)
{
	static const char *const filler[] = {
		"config", "configuration", "cfg", "with", "and", "only", "zfs",
		"limited", "to", NULL,
	};
	unsigned char used[MAXTOK] = { 0 };
	struct words ws;
	struct cfg c;
	int defaults = 0;

	if (n == 0 || strlen(text) > 200 || !split(text, &ws) || ws.n == 0)
		return 0;
	cfg_scan(&ws, used, &c);
	for (int i = 0; i < ws.n; i++) {
		if (used[i])
			continue;
		if (strcmp(ws.w[i], "default") == 0 || strcmp(ws.w[i], "defaults") == 0)
			defaults++;
		else if (!in_list(ws.w[i], filler))
			return 0;
	}
	if (c.clash)
		return 0;
	/* "default" beside a setting names nothing more. */
	if (c.aesni == 0 && c.cores == 0) {
		if (defaults == 0)
			return 0;
		snprintf(buf, n, "default");
		return 1;
	}
	cfg_write(&c, buf, n);
	if (buf[0] == '\0')
		snprintf(buf, n, "default");
	return 1;
}

/* ---- a mode label with what it says beside the mode */

/* Words a name of each kind may hold beside the mode that say nothing
 * more: "ZFS native AES-256-GCM", "LUKS2 aes-xts-plain64, 4096 sectors". */
static const char *const mode_filler[] = {
	"aes", "zfs", "openzfs", "native", "encryption", "encrypted", "enc",
	"crypto", "cipher", "mode", "key", "keylen", "keysize", "bit", "bits",
	"b", "default", "with", "and", "algorithm", "algo", "on", NULL,
};
static const char *const luks_words[] = {
	"luks", "dm", "crypt", "dmcrypt", "cryptsetup", "xts", "plain",
	"sector", "sectors", "size", "sz", "k", "kb", "kib", "kn", "byte",
	"bytes", "length", "len", "keybits", NULL,
};
static const char *const geli_words[] = {
	"geli", "xts", "sector", "sectors", "size", "freebsd", "k", "kb", "kib",
	"byte", "bytes", NULL,
};

/* Whether word i of a name read as mode is one the mode reads or one
 * that says nothing more. */
static int
mode_word(const struct words *ws, int i, const char *mode)
{
	long v = ws->num[i];

	if (strncmp(mode, "luks-", 5) == 0) {
		if (v >= 0)
			return ((v == 1 || v == 2 || v == 4) && k_after(ws, i)) ||
			    ((v == 1 || v == 2) && word_is(ws, i - 1, "luks")) ||
			    (v == 64 && word_is(ws, i - 1, "plain")) || v == 256 ||
			    v == 512 || v == 1024 || v == 2048 || v == 4096;
		return in_list(ws->w[i], luks_words) || in_list(ws->w[i], mode_filler);
	}
	if (strncmp(mode, "geli-", 5) == 0) {
		if (v >= 0)
			return ((v == 1 || v == 2 || v == 4) && k_after(ws, i)) || v == 128 ||
			    v == 256 || v == 512 || v == 1024 || v == 2048 || v == 4096;
		return in_list(ws->w[i], geli_words) || in_list(ws->w[i], mode_filler);
	}
	if (strncmp(mode, "aes-", 4) == 0) {
		if (v >= 0)
			return v == 128 || v == 192 || v == 256;
		return strcmp(ws->w[i], "gcm") == 0 || strcmp(ws->w[i], "ccm") == 0 ||
		    in_list(ws->w[i], mode_filler);
	}
	/* none and fscrypt read every word of their names. */
	return 1;
}

static void
append(char *buf, size_t n, const char *w)
{
	size_t k = strlen(buf);

	if (k + 1 < n)
		snprintf(buf + k, n - k, "%s%s", k > 0 ? " " : "", w);
}

int
eb_mode_read(const char *label, struct eb_mode_label *out)
{
	unsigned char used[MAXTOK] = { 0 };
	struct words ws, rest;
	struct cfg c;

	memset(out, 0, sizeof *out);
	if (strlen(label) > 200 || !split(label, &ws) || ws.n == 0) {
		eb_label_normalize(EB_F_HOST, label, out->mode, sizeof out->mode);
		return EB_MODE_UNKNOWN;
	}
	cfg_scan(&ws, used, &c);
	rest.n = 0;
	for (int i = 0; i < ws.n; i++)
		if (!used[i]) {
			memcpy(rest.w[rest.n], ws.w[i], TOKLEN);
			rest.num[rest.n++] = ws.num[i];
		}
	if (c.clash || !known_words(&rest, out->mode, sizeof out->mode)) {
		eb_label_normalize(EB_F_HOST, label, out->mode, sizeof out->mode);
		return EB_MODE_UNKNOWN;
	}
	if (c.aesni != 0 || c.cores != 0)
		cfg_write(&c, out->config, sizeof out->config);
	for (int i = 0; i < rest.n; i++)
		if (!mode_word(&rest, i, out->mode))
			append(out->extra, sizeof out->extra, rest.w[i]);
	return out->extra[0] != '\0' ? EB_MODE_EXTRA : EB_MODE_KNOWN;
}

static int
blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int
eb_mode_canonical(const char *name, char *buf, size_t n)
{
	return eb_label_normalize(EB_F_MODE, name, buf, n);
}

/* A mode name that says more than its mode (a configuration, words no
 * mode reads) is kept as written: dropping the rest would make two
 * setups one. */
static int
mode_alone(const char *name, char *buf, size_t n)
{
	struct eb_mode_label m;

	if (eb_mode_read(name, &m) != EB_MODE_KNOWN || m.config[0] != '\0')
		return 0;
	snprintf(buf, n, "%s", m.mode);
	return 1;
}

int
eb_label_normalize(int field, const char *name, char *buf, size_t n)
{
	const char *s = name, *e = name + strlen(name);
	size_t k = 0;

	if (n == 0)
		return 0;
	if (field == EB_F_MODE && mode_alone(name, buf, n))
		return 1;
	if (field == EB_F_CONFIG && eb_config_canonical(name, buf, n))
		return 1;
	/* A release alone ("Ubuntu 24.04", "Ubuntu-24.04 (noble)", "24.04
	 * LTS") is its number, as a sheet's title gives it, and another
	 * system's is its name and number ("FreeBSD 14.1" is freebsd-14.1). */
	if (field == EB_F_RELEASE && eb_sheet_release_alone(name, buf, n))
		return 1;
	while (s < e && blank((unsigned char)*s))
		s++;
	while (e > s && blank((unsigned char)e[-1]))
		e--;
	while (s < e && k + 1 < n) {
		if (blank((unsigned char)*s)) {
			buf[k++] = '-';
			while (s < e && blank((unsigned char)*s))
				s++;
		} else {
			buf[k++] = (char)lower((unsigned char)*s++);
		}
	}
	buf[k] = '\0';
	return 0;
}

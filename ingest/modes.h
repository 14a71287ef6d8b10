/* modes.h - the canonical spelling of encryption mode names (none,
 * aes-256-gcm, luks-xts-4k, geli-xts-128 ...) and of the runner's
 * configurations (default, no-aesni, 2-cores), shared by every reader. */
#ifndef EB_MODES_H
#define EB_MODES_H

#include <stddef.h>

/* Room for any canonical name and most names kept as written. */
#define EB_MODE_MAX 128

/* Writes the canonical spelling of the mode called name into buf (n bytes,
 * always NUL-terminated) and returns 1 when the name was recognised and
 * says nothing besides its mode. Any other name ("AES-256-GCM (no AES-NI)"
 * too) is written as given, trimmed, ASCII lower-cased and with each run
 * of blanks turned into one dash, and the return is 0, so that callers
 * can keep it and tell the user. */
int eb_mode_canonical(const char *name, char *buf, size_t n);

/* A mode label read whole: the mode, the configuration its other words
 * name ("AES-256-GCM (no AES-NI)" is aes-256-gcm in no-aesni) and the
 * words that are neither ("LUKS (4K, not 512)": "not"). */
enum { EB_MODE_UNKNOWN, EB_MODE_KNOWN, EB_MODE_EXTRA };
struct eb_mode_label {
	char mode[EB_MODE_MAX];		/* canonical, or as written when unknown */
	char config[EB_MODE_MAX];	/* the runner's spelling, or "" */
	char extra[EB_MODE_MAX];	/* EB_MODE_EXTRA: the words, one blank apart */
};
/* EB_MODE_KNOWN, EB_MODE_EXTRA (a mode, and words that say something else
 * too), or EB_MODE_UNKNOWN (no mode encbench knows: mode as written). */
int eb_mode_read(const char *label, struct eb_mode_label *out);

/* The runner's spelling of a configuration (encbench-run --config):
 * "No AES-NI", "AES-NI off", "without AES-NI", "ICP generic" are
 * no-aesni; "2 cores", "cpus=2" 2-cores; both no-aesni-2-cores; "AES-NI",
 * "AES NI on" aes-ni; "Default" default. Returns 0 for any other label,
 * or one that says a setting twice over ("2 cores, 4 cores"). */
int eb_config_canonical(const char *text, char *buf, size_t n);

/* The one spelling of a label, whatever input it comes from (a sheet cell,
 * a group row, a --map file, --set, a run folder's name or meta.json):
 * a mode (field EB_F_MODE) as eb_mode_canonical spells it, a config
 * (EB_F_CONFIG) as eb_config_canonical, so that "No AES-NI", "no-aes-ni"
 * and the runner's "no-aesni" are one label; a release (EB_F_RELEASE)
 * that names a release alone as its number ("Ubuntu 24.04", "24.04 LTS"
 * and "ubuntu 24.04" are "24.04", "Ubuntu 23.1" is "23.10"; "FreeBSD
 * 14.0" keeps its system: "freebsd-14.0"); anything else trimmed, ASCII
 * lower-cased, each run of blanks one dash. Returns 1 when a mode, a
 * configuration or a release was recognised. A mode label with a
 * configuration beside it ("AES-256-GCM (no AES-NI)") is not one mode and
 * is written as given ("aes-256-gcm-(no-aes-ni)"), return 0: read it with
 * eb_mode_read, which gives the two apart. */
int eb_label_normalize(int field, const char *text, char *buf, size_t n);

#endif

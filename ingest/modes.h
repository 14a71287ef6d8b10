/* modes.h - the canonical spelling of encryption mode names (none,
 * aes-256-gcm, luks-xts-4k, geli-xts-128 ...), shared by every reader. */
#ifndef EB_MODES_H
#define EB_MODES_H

#include <stddef.h>

/* Room for any canonical name and most names kept as written. */
#define EB_MODE_MAX 128

/* Writes the canonical spelling of the mode called name into buf (n bytes,
 * always NUL-terminated) and returns 1 when the name was recognised. Any
 * other name is written as given, trimmed, ASCII lower-cased and with each
 * run of blanks turned into one dash, and the return is 0, so that callers
 * can keep it and tell the user. */
int eb_mode_canonical(const char *name, char *buf, size_t n);

/* The one spelling of a label, whatever input it comes from (a sheet cell,
 * a group row, a --map file, a run folder's name or meta.json): trimmed,
 * ASCII lower-cased, each run of blanks one dash, so that "No AES-NI" and
 * "no-aes-ni" are one label and "aes-ni" stays "aes-ni". The alias table,
 * eb_mode_canonical's, names encryption modes only and so applies to the
 * mode (field EB_F_MODE) alone; it returns 1 when an alias matched. */
int eb_label_normalize(int field, const char *text, char *buf, size_t n);

#endif

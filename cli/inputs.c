/* inputs.c - loading the inputs of any command: --format and --set checked,
 * every path through the ingest driver, then --set, then repetition numbering. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli.h"
#include "../ingest/modes.h"
#include "../ingest/rundir.h"
#include "../ingest/sheet.h"

/* The tools whose outputs encbench reads, as their records name them. */
static const char *const tools[] = { "dd", "fio", "bonnie", "sheet" };

/* The column a --set names, its value after the '=' (name gets the name). */
static int
set_column(const char *set, char *name, size_t n, const char **value)
{
	const char *eq = strchr(set, '=');

	if (eq == NULL || eq == set || (size_t)(eq - set) >= n)
		return -2;
	memcpy(name, set, (size_t)(eq - set));
	name[eq - set] = '\0';
	*value = eq + 1;
	return eb_column_lookup(name);
}

/* A --set value spelt as a reader spells the same label: release, host,
 * config and mode as a sheet's or a run folder's (ingest/modes.c), any
 * other trimmed of blanks. A mode that names a configuration too ("AES-256-
 * GCM (no AES-NI)") is its mode alone here; set_values adds the config. */
static void
set_canonical(int c, const char *value, char *buf, size_t n)
{
	int field = eb_column_field(c);
	struct eb_mode_label m;
	size_t len;

	if (field == EB_F_MODE && eb_mode_read(value, &m) == EB_MODE_KNOWN) {
		snprintf(buf, n, "%s", m.mode);
		return;
	}
	if (field == EB_F_RELEASE || field == EB_F_HOST || field == EB_F_CONFIG ||
	    field == EB_F_MODE) {
		eb_label_normalize(field, value, buf, n);
		return;
	}
	value += strspn(value, " \t");
	len = strlen(value);
	while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
		len--;
	snprintf(buf, n, "%.*s", (int)len, value);
	/* An op and a workload are spelt as every reader spells them: "Write"
	 * is write, "Sequential" seq, or the records would pair with no
	 * other input's. */
	if (field == EB_F_OP || field == EB_F_WORKLOAD) {
		static const struct {
			const char *word, *as;
		} workloads[] = {
			{ "seq", "seq" }, { "sequential", "seq" }, { "sequentially", "seq" },
			{ "linear", "seq" }, { "streaming", "seq" }, { "rand", "rand" },
			{ "random", "rand" }, { "randomly", "rand" }, { "mixed", "mixed" },
			{ "mix", "mixed" },
		};

		for (char *q = buf; *q != '\0'; q++)
			if (*q >= 'A' && *q <= 'Z')
				*q = (char)(*q - 'A' + 'a');
		for (size_t i = 0; field == EB_F_WORKLOAD && i < sizeof workloads / sizeof workloads[0];
		    i++)
			if (strcmp(buf, workloads[i].word) == 0) {
				snprintf(buf, n, "%s", workloads[i].as);
				break;
			}
	}
}

/* One column a --set gives, its value as typed (NULL for the config of a
 * mode) and as spelt. */
struct set_value {
	char name[32];
	int column;
	const char *typed;
	char value[EB_MODE_MAX * 2];
};

/* The columns the --set options give, checked by eb_inputs_check, and
 * the configuration a mode names ("AES-256-GCM (no AES-NI)" is no-aesni)
 * when no --set config gives one; v has room for nsets + 1. */
static size_t
set_values(const struct eb_inputs *in, struct set_value *v)
{
	size_t n = 0;
	int config = 0;
	struct eb_mode_label m;

	for (size_t i = 0; i < in->nsets; i++, n++) {
		const char *eq = strchr(in->sets[i], '=');

		snprintf(v[n].name, sizeof v[n].name, "%.*s", (int)(eq - in->sets[i]), in->sets[i]);
		v[n].column = eb_column_lookup(v[n].name);
		v[n].typed = eq + 1;
		set_canonical(v[n].column, v[n].typed, v[n].value, sizeof v[n].value);
		config |= v[n].column == EB_C_CONFIG;
	}
	for (size_t i = 0; i < in->nsets && !config; i++)
		if (v[i].column == EB_C_MODE && eb_mode_read(v[i].typed, &m) == EB_MODE_KNOWN &&
		    m.config[0] != '\0') {
			snprintf(v[n].name, sizeof v[n].name, "config");
			v[n].column = EB_C_CONFIG;
			v[n].typed = NULL;
			snprintf(v[n].value, sizeof v[n].value, "%s", m.config);
			n++;
			break;
		}
	return n;
}

/* A --set mode that says more than its mode: words no mode or
 * configuration reads are a usage error, as in a sheet's mode cell, and
 * so is a configuration that another --set config contradicts. */
static int
set_mode_check(const struct eb_inputs *in, const struct eb_cmd *cmd, const char *value)
{
	struct eb_mode_label m;
	int kind = eb_mode_read(value, &m);

	if (kind == EB_MODE_EXTRA)
		return eb_cli_usage(cmd, "--set mode: '%s' is the mode %s, but also says '%s', "
		    "which is no mode or configuration encbench reads; give the mode alone "
		    "(and a configuration with --set config)", value, m.mode, m.extra);
	if (kind != EB_MODE_KNOWN || m.config[0] == '\0')
		return 0;
	for (size_t i = 0; i < in->nsets; i++) {
		char name[32], canon[EB_MODE_MAX * 2];
		const char *config;

		if (set_column(in->sets[i], name, sizeof name, &config) != EB_C_CONFIG)
			continue;
		set_canonical(EB_C_CONFIG, config, canon, sizeof canon);
		if (strcmp(canon, m.config) != 0)
			return eb_cli_usage(cmd, "--set mode='%s' is the mode %s in the configuration "
			    "%s, but --set config gives '%s': give the configuration once", value,
			    m.mode, m.config, canon);
	}
	return 0;
}

int
eb_inputs_check(const struct eb_inputs *in, const struct eb_cmd *cmd)
{
	if (in->format != NULL && strcmp(in->format, "auto") != 0 &&
	    eb_format_find(in->format) == NULL)
		return eb_cli_usage(cmd, "unknown format '%s' (formats: auto, %s)",
		    in->format, eb_format_names());
	for (size_t i = 0; i < in->nsets; i++) {
		char name[32], canon[EB_MODE_MAX * 2];
		const char *value;
		int c = set_column(in->sets[i], name, sizeof name, &value);

		if (c == -2)
			return eb_cli_usage(cmd, "--set takes COLUMN=VALUE, not '%s'", in->sets[i]);
		/* A value's metric and unit are what measured it: relabelling a
		 * bandwidth "lat_mean" or its B/s "ns" makes a wrong number that
		 * no check downstream can see. */
		if (c == EB_C_METRIC || c == EB_C_UNIT)
			return eb_cli_usage(cmd, "--set cannot set '%s': the metric and unit "
			    "of a value come from the output that measured it (a sheet's "
			    "columns are named with --map)", name);
		if (c < 0 || c == EB_C_VALUE || c == EB_C_SOURCE)
			return eb_cli_usage(cmd, "--set cannot set '%s' (columns: release, "
			    "host, config, mode, tool, job, workload, op, block_size, rep)", name);
		for (const char *v = value; *v != '\0'; v++)
			if (eb_utf8_control(v) > 0)
				return eb_cli_usage(cmd, "--set %s: the value holds a control "
				    "character (byte 0x%02x), which no label may", name,
				    (unsigned char)*v);
		for (size_t j = 0; j < i; j++) {
			char other[32];
			const char *was;

			if (set_column(in->sets[j], other, sizeof other, &was) == c)
				return eb_cli_usage(cmd, "--set %s given twice ('%s' and '%s'): a "
				    "column takes one value", name, was, value);
		}
		if (c == EB_C_MODE && set_mode_check(in, cmd, value) != 0)
			return EB_EXIT_USAGE;
		/* An empty value clears the column. */
		set_canonical(c, value, canon, sizeof canon);
		if (eb_column_field(c) >= 0 && eb_label_formula(canon))
			return eb_cli_usage(cmd, "--set %s: '%s' begins with '%c', which a "
			    "spreadsheet opening results.csv would run as a formula: no label may "
			    "begin with =, +, - or @", name, canon, canon[0]);
		if (c == EB_C_OP && canon[0] != '\0' && !eb_op_known(canon))
			return eb_cli_usage(cmd, "--set op: unknown op '%s' (ops: %s)", value,
			    eb_op_names());
		if (c == EB_C_WORKLOAD && canon[0] != '\0' && strcmp(canon, "seq") != 0 &&
		    strcmp(canon, "rand") != 0 && strcmp(canon, "mixed") != 0)
			return eb_cli_usage(cmd, "--set workload: unknown workload '%s' (workloads: "
			    "seq, rand, mixed)", value);
		if (c == EB_C_TOOL && canon[0] != '\0') {
			size_t k = 0;

			while (k < sizeof tools / sizeof tools[0] && strcmp(tools[k], canon) != 0)
				k++;
			if (k == sizeof tools / sizeof tools[0])
				return eb_cli_usage(cmd, "--set tool: unknown tool '%s' (tools: dd, "
				    "fio, bonnie, sheet)", value);
		}
	}
	return 0;
}

/* EB_EXIT_USAGE, after saying so, when an output is a file the inputs
 * were read from (a symbolic or hard link to one too): writing it would
 * replace the input with what was made from it. */
static int
outputs_check(const struct eb_inputs *in)
{
	static const char *const options[2] = { "-o", "--summary" };
	int rc = 0;

	for (size_t i = 0; i < 2; i++) {
		struct stat sb;
		const char *input;

		if (in->outputs[i] == NULL || strcmp(in->outputs[i], "-") == 0 ||
		    stat(in->outputs[i], &sb) != 0 || !S_ISREG(sb.st_mode) ||
		    (input = eb_input_find(&sb)) == NULL)
			continue;
		fprintf(stderr, "encbench: error: %s %s is also an input (read as %s); "
		    "nothing was written: name another file\n", options[i], in->outputs[i],
		    input);
		rc = EB_EXIT_USAGE;
	}
	return rc;
}

static enum eb_status
merge_error(struct eb_err *err, const char *column, const char *x, const char *y,
    const struct eb_record *a, const struct eb_record *b)
{
	return eb_err_set(err, EB_ERR_USAGE, (struct eb_loc){ 0 }, "--set %s would make two "
	    "tests one, their runs repetitions of each other: %s has %s '%s', %s has '%s' "
	    "(ingest them apart, or leave that --set out)", column, a->f[EB_F_SOURCE], column,
	    x, b->f[EB_F_SOURCE], y);
}

/* The length of the file name of a dd record's source, "path:line". */
static size_t
source_file_len(const char *source)
{
	const char *colon = strrchr(source, ':');

	return colon != NULL ? (size_t)(colon - source) : strlen(source);
}

/* The direction the words of a dd log's path give ("dd-write.log",
 * "write/dd.log", "24.04_rd_3.txt", "dd-w.log"): 'r' or 'w', or 0 for
 * none or both. A letter alone counts only where no whole word does: the
 * r of "dd-write-r1.txt" numbers a run. */
static int
path_direction(const char *path, size_t n)
{
	static const char *const reads[] = { "read", "reads", "rd", "r", NULL };
	static const char *const writes[] = { "write", "writes", "rewrite", "wr", "w", NULL };
	int found = 0, letters = 0;

	for (size_t i = 0; i < n;) {
		size_t len = 0;

		while (i < n && !isalpha((unsigned char)path[i]))
			i++;
		while (i + len < n && isalpha((unsigned char)path[i + len]))
			len++;
		for (int k = 0; len > 0 && k < 2; k++)
			for (const char *const *w = k == 0 ? reads : writes; *w != NULL; w++)
				if (strlen(*w) == len && strncasecmp(path + i, *w, len) == 0)
					*(len == 1 ? &letters : &found) |= k == 0 ? 1 : 2;
		i += len;
	}
	if (found == 0)
		found = letters;
	return found == 1 ? 'r' : found == 2 ? 'w' : 0;
}

/* Whether the paths of two dd logs, past the folders they share, say that
 * one holds reads and the other writes: dd-read.log and dd-write.log, or
 * read/dd.log and write/dd.log. */
static int
paths_opposed(const char *a, size_t na, const char *b, size_t nb, int *a_reads)
{
	size_t common = 0;
	int da, db;

	for (size_t i = 0; i < na && i < nb && a[i] == b[i]; i++)
		if (a[i] == '/')
			common = i + 1;
	da = path_direction(a + common, na - common);
	db = path_direction(b + common, nb - common);
	*a_reads = da == 'r';
	return da != 0 && db != 0 && da != db;
}

/* dd never prints its direction: runs of two files with no op are taken
 * as repetitions of one test, which a write log beside a read log is not.
 * Where their paths say that one is of reads and the other of writes,
 * pooling them would be a wrong number: an error. Otherwise a warning
 * says so, once. */
static enum eb_status
check_dd_without_op(const struct eb_table *t, struct eb_diag *diag, struct eb_err *err)
{
	const struct eb_record *files[64];
	size_t nfiles = 0;
	int warned = 0;

	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];
		size_t n = source_file_len(r->f[EB_F_SOURCE]), k;

		/* A sampler's file (NAME.sample) carries its test's labels, not
		 * a dd run of its own. */
		if (strcmp(r->f[EB_F_TOOL], "dd") != 0 || *r->f[EB_F_OP] != '\0' ||
		    (n > 7 && strncmp(r->f[EB_F_SOURCE] + n - 7, ".sample", 7) == 0))
			continue;
		for (k = 0; k < nfiles; k++)
			if (source_file_len(files[k]->f[EB_F_SOURCE]) == n &&
			    strncmp(files[k]->f[EB_F_SOURCE], r->f[EB_F_SOURCE], n) == 0)
				break;
		if (k < nfiles)
			continue;
		for (k = 0; k < nfiles; k++) {
			const struct eb_record *o = files[k];
			size_t no = source_file_len(o->f[EB_F_SOURCE]);

			if (!eb_record_key_equal(o, r, 0))
				continue;
			int o_reads;

			if (paths_opposed(o->f[EB_F_SOURCE], no, r->f[EB_F_SOURCE], n, &o_reads)) {
				const struct eb_record *rd = o_reads ? o : r, *wr = o_reads ? r : o;

				return eb_err_set(err, EB_ERR_DATA, (struct eb_loc){ 0 }, "the dd runs "
				    "of %.*s and %.*s have no op (dd does not print its direction), and "
				    "their names say reads and writes: they would be taken as "
				    "repetitions of one test; ingest each with its own --set op=read "
				    "or --set op=write",
				    (int)source_file_len(rd->f[EB_F_SOURCE]), rd->f[EB_F_SOURCE],
				    (int)source_file_len(wr->f[EB_F_SOURCE]), wr->f[EB_F_SOURCE]);
			}
			if (!warned) {
				eb_diag(diag, EB_WARNING, (struct eb_loc){ 0 }, "the dd runs of %.*s "
				    "and %.*s have no op (dd does not print its direction), so they are "
				    "taken as repetitions of one test; ingest each with its own --set "
				    "op=read or --set op=write", (int)no, o->f[EB_F_SOURCE], (int)n,
				    r->f[EB_F_SOURCE]);
				warned = 1;
			}
		}
		if (nfiles < sizeof files / sizeof files[0])
			files[nfiles++] = r;
	}
	return EB_OK;
}

/* Words of encryption setups that alone name no mode encbench knows, and
 * encryption layers named by product (any word with "crypt" in it is one
 * too: veracrypt, gocryptfs, ecryptfs, cryptsetup). */
static const char *const cipher_words[] = {
	"gcm", "ccm", "xts", "cbc", "aes", "enc", "encryption", "cipher", "bitlocker",
	"filevault", "encfs", "opal", NULL,
};

static int
cipher_word(const char *w)
{
	for (size_t c = 0; cipher_words[c] != NULL; c++)
		if (strcasecmp(w, cipher_words[c]) == 0)
			return 1;
	for (const char *q = w; *q != '\0'; q++)
		if (strncasecmp(q, "crypt", 5) == 0)
			return 1;
	return 0;
}

/* Words that turn the mode named beside them into its absence: before it
 * ("no-luks", "without-luks") or after it ("luks-off"). */
static const char *const negations_before[] = {
	"no", "non", "not", "without", "disable", "disabled", "sans", NULL,
};
static const char *const negations_after[] = {
	"off", "disabled", "deactivated", "none", "false", NULL,
};

static int
word_in(const char *w, const char *const *list)
{
	for (size_t k = 0; list[k] != NULL; k++)
		if (strcasecmp(w, list[k]) == 0)
			return 1;
	return 0;
}

/* Whether word w numbers a repetition or dates a run ("1", "r2", "rep3",
 * "run4", "2024"), which no setup is told by; key and sector sizes (128,
 * 256, 512, 4096 ...) are. */
static int
repetition_word(const char *w)
{
	static const char *const prefixes[] = { "", "r", "rep", "run", "try", "test", NULL };
	static const char *const sizes[] = { "128", "192", "256", "512", "1024", "2048", "4096",
		NULL };

	for (size_t k = 0; sizes[k] != NULL; k++)
		if (strcmp(w, sizes[k]) == 0)
			return 0;
	for (size_t k = 0; prefixes[k] != NULL; k++) {
		size_t n = strlen(prefixes[k]);

		if (strncasecmp(w, prefixes[k], n) == 0 && w[n] != '\0' &&
		    strspn(w + n, "0123456789") == strlen(w + n))
			return 1;
	}
	return 0;
}

/* The words of a name that tell a setup, repetition numbers and dates
 * left out, one '-' apart, in buf. */
static void
setup_words(char word[][32], size_t nw, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < nw; k++)
		if (!repetition_word(word[k]))
			used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s",
			    used > 0 ? "-" : "", word[k]);
}

/* The mode (kind 0) or config (kind 1) a name reads as, in buf: the whole
 * name ("aes-256-gcm", "no-aesni"), else the longest run of its words
 * that does, leftmost first ("fio-aes-256-gcm-r1"), else (modes) its
 * setup words when it holds a word of encryption; 0 for none. */
static int
name_label(const char *name, size_t len, int kind, char *buf, size_t n)
{
	char word[16][32], text[EB_MODE_MAX];
	size_t nw = 0;

	/* The whole name as written first ("LUKS2 aes-xts-plain64 4096"). */
	if (len < sizeof text) {
		memcpy(text, name, len);
		text[len] = '\0';
		if (kind == 0) {
			struct eb_mode_label m;

			if (eb_mode_read(text, &m) == EB_MODE_KNOWN && m.config[0] == '\0') {
				snprintf(buf, n, "%s", m.mode);
				return 1;
			}
		} else if (eb_config_canonical(text, buf, n)) {
			return 1;
		}
	}

	for (size_t i = 0; i < len && nw < 16;) {
		size_t k = 0;

		while (i < len && strchr("-_. ", name[i]) != NULL)
			i++;
		while (i + k < len && strchr("-_. ", name[i + k]) == NULL)
			k++;
		if (k > 0 && k < sizeof word[0]) {
			memcpy(word[nw], name + i, k);
			word[nw++][k] = '\0';
		}
		i += k;
	}
	for (size_t w = nw < 4 ? nw : 4; w > 0; w--)
		for (size_t at = 0; at + w <= nw; at++) {
			size_t used = 0;

			text[0] = '\0';
			for (size_t k = at; k < at + w; k++)
				used += (size_t)snprintf(text + used, used < sizeof text ?
				    sizeof text - used : 0, "%s%s", k > at ? "-" : "", word[k]);
			if (used >= sizeof text)
				continue;
			if (kind == 0) {
				struct eb_mode_label m;

				/* "no", "off", "plain" and "disabled" say none
				 * only as a whole name ("plain/", "zfs-plain/"),
				 * never as one word of a longer one ("no-aesni",
				 * "aesni-off", "aesni-disabled",
				 * "samename-sw-plain-3.33"). */
				if (w == 1 && nw > 1 && (strcasecmp(text, "no") == 0 ||
				    strcasecmp(text, "off") == 0 || strcasecmp(text, "plain") == 0 ||
				    strcasecmp(text, "disabled") == 0))
					continue;
				if (eb_mode_read(text, &m) != EB_MODE_KNOWN || m.config[0] != '\0')
					continue;
				/* "no-luks" and "luks-off" are no luks: the name
				 * stands for a setup as written. */
				if ((at > 0 && word_in(word[at - 1], negations_before)) ||
				    (at + w < nw && word_in(word[at + w], negations_after)))
					setup_words(word, nw, buf, n);
				else
					snprintf(buf, n, "%s", m.mode);
				return 1;
			} else if (eb_config_canonical(text, buf, n)) {
				return 1;
			}
		}
	/* A configuration ("no-aes-ni", "aesni-disabled", "aes-ni-on-2") that
	 * holds no mode is no mode, whatever its words. */
	if (kind == 0) {
		char cfg[EB_MODE_MAX];

		setup_words(word, nw, text, sizeof text);
		if (eb_config_canonical(text, cfg, sizeof cfg) || name_label(name, len, 1, cfg,
		    sizeof cfg))
			return 0;
	}
	/* A name with a word of encryption that names no mode whole ("gcm",
	 * "xts-128", "enc-off") stands for one as written, its repetition
	 * numbers and dates left out ("fio-encrypted-r1", "enc-2024-01"): two
	 * such names are two setups, not one. */
	for (size_t k = 0; kind == 0 && k < nw; k++)
		if (cipher_word(word[k])) {
			setup_words(word, nw, buf, n);
			return 1;
		}
	return 0;
}

/* The mode (kind 0) or config (kind 1) the path of source names past its
 * first skip bytes, the folders every input shares ("runs/none/fio-seq-
 * write-r1.json:68", "fio-aes-256-gcm-r1.json"): its file name's, else
 * its deepest folder's that names one; "" for none. */
static void
path_label(const char *source, size_t skip, int kind, char *buf, size_t n)
{
	size_t end = source_file_len(source), start;
	const char *dot;

	buf[0] = '\0';
	start = end;
	while (start > 0 && source[start - 1] != '/')
		start--;
	/* The file name without its extension ("r1.json"). */
	dot = memchr(source + start, '.', end - start);
	if (name_label(source + start, dot != NULL ? (size_t)(dot - source - start) : end - start,
	    kind, buf, n))
		return;
	while (start > skip + 1) {
		end = start - 1;
		start = end;
		while (start > 0 && source[start - 1] != '/')
			start--;
		if (start < skip)
			break;
		if (end > start && name_label(source + start, end - start, kind, buf, n))
			return;
	}
	buf[0] = '\0';
}

/* The length of the folders the files of t's records all lie in
 * ("runs/24.04/" of runs/24.04/none/x.json and runs/24.04/aes/y.json). */
static size_t
shared_folders(const struct eb_table *t)
{
	const char *first = NULL;
	size_t shared = 0;

	for (size_t i = 0; i < t->n; i++) {
		const char *src = t->rows[i].f[EB_F_SOURCE];
		size_t len = source_file_len(src), k;

		if (first == NULL) {
			first = src;
			for (k = 0; k < len; k++)
				if (src[k] == '/')
					shared = k + 1;
			continue;
		}
		for (k = 0; k < shared && k < len && src[k] == first[k]; k++)
			;
		while (k > 0 && first[k - 1] != '/')
			k--;
		shared = k;
	}
	return shared;
}

/* A record of check_label_paths: its key's hash, and what its path names. */
struct path_seen {
	uint64_t hash;
	const struct eb_record *r;
	const char *names;	/* mode, \037, config, each "" for none or "-" when set */
};

static int
cmp_path_seen(const void *a, const void *b)
{
	const struct path_seen *x = a, *y = b;

	return x->hash < y->hash ? -1 : x->hash > y->hash ? 1 : strcmp(x->names, y->names);
}

/* The error of two runs a and b with no what (mode, config) whose paths
 * name x and y (the first xn and yn bytes; none for 0). */
static enum eb_status
named_apart(struct eb_err *err, const struct eb_record *a, const struct eb_record *b,
    const char *what, const char *x, size_t xn, const char *y, size_t yn)
{
	char names[2 * EB_MODE_MAX + 80];

	if (xn > 0 && yn > 0)
		snprintf(names, sizeof names, "name two %ss, %.*s and %.*s", what, (int)xn, x,
		    (int)yn, y);
	else
		snprintf(names, sizeof names, "name the %s %.*s and no %s", what,
		    xn > 0 ? (int)xn : (int)yn, xn > 0 ? x : y, what);
	return eb_err_set(err, EB_ERR_DATA, (struct eb_loc){ 0 }, "%.*s and %.*s have no %s, "
	    "so their runs would be repetitions of one test, but their paths %s; read each "
	    "run folder with its meta.json, or each %s's files with their own --set %s=",
	    (int)source_file_len(a->f[EB_F_SOURCE]), a->f[EB_F_SOURCE],
	    (int)source_file_len(b->f[EB_F_SOURCE]), b->f[EB_F_SOURCE], what, names, what, what);
}

/* Runs with no mode (or no config) are repetitions of one test when their
 * labels agree; runs whose paths name two modes (the runner's none/ and
 * aes-256-gcm/ without their meta.json, unencrypted/ and encrypted/,
 * fio-none-r1.json and fio-aes-256-gcm-r1.json) or two configs (default/
 * and no-aesni/) are not: their mean would pool encrypted and plain runs.
 * An error names the first two. */
static enum eb_status
check_label_paths(const struct eb_table *t, struct eb_err *err)
{
	struct path_seen *v = NULL;
	size_t n = 0, cap = 0, nnames = 0, capnames = 0;
	char **names = NULL;
	const char *file = NULL, *file_names = NULL;
	size_t file_len = 0;
	enum eb_status st = EB_OK;

	size_t skip = shared_folders(t);

	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];
		const char *src = r->f[EB_F_SOURCE];
		size_t len = source_file_len(src);
		int mode_set = *r->f[EB_F_MODE] != '\0', config_set = *r->f[EB_F_CONFIG] != '\0';

		if ((mode_set && config_set) || (len > 7 && strncmp(src + len - 7, ".sample", 7) == 0))
			continue;
		/* A file's records come together: its path is read once. */
		if (file == NULL || len != file_len || strncmp(src, file, len) != 0 ||
		    (file_names[0] == '-') != mode_set) {
			char mode[EB_MODE_MAX], config[EB_MODE_MAX], both[2 * EB_MODE_MAX + 2];
			size_t k;

			file = src;
			file_len = len;
			if (mode_set)
				snprintf(mode, sizeof mode, "-");
			else
				path_label(src, skip, 0, mode, sizeof mode);
			if (config_set)
				snprintf(config, sizeof config, "-");
			else
				path_label(src, skip, 1, config, sizeof config);
			snprintf(both, sizeof both, "%s\037%s", mode, config);
			for (k = 0; k < nnames && strcmp(names[k], both) != 0; k++)
				;
			if (k == nnames) {
				eb_xgrow(&names, &capnames, nnames + 1, sizeof *names);
				names[nnames++] = eb_xstrdup(both);
			}
			file_names = names[k];
		}
		eb_xgrow(&v, &cap, n + 1, sizeof *v);
		v[n++] = (struct path_seen){ eb_record_key_hash(r, 0), r, file_names };
	}
	if (nnames > 1) {
		qsort(v, n, sizeof *v, cmp_path_seen);
		/* Sorted by key and then names: a key's first record of one
		 * name and the next of another. */
		for (size_t i = 0, k = 1; k < n && st == EB_OK; k++) {
			const struct eb_record *a = v[i].r, *b = v[k].r;
			const char *ma = v[i].names, *mb = v[k].names;
			size_t la = strcspn(ma, "\037"), lb = strcspn(mb, "\037");
			int modes;

			if (v[k].hash != v[i].hash) {
				i = k;
				continue;
			}
			if (v[k].names == v[i].names || !eb_record_key_equal(a, b, 0))
				continue;
			modes = la != lb || strncmp(ma, mb, la) != 0;
			if (modes && *ma != '-' && *mb != '-')
				st = named_apart(err, a, b, "mode", ma, la, mb, lb);
			else if (!modes && strcmp(ma + la + 1, "-") != 0 && strcmp(mb + lb + 1, "-") != 0)
				st = named_apart(err, a, b, "config", ma + la + 1, strlen(ma + la + 1),
				    mb + lb + 1, strlen(mb + lb + 1));
		}
	}
	for (size_t k = 0; k < nnames; k++)
		free(names[k]);
	free(names);
	free(v);
	return st;
}

/* Two records that --set makes alike in every label were two tests when a
 * column it sets told them apart: a fio job's read and write under --set
 * op=write, or a sheet's write and read columns. Their runs would become
 * repetitions of one test, so the first such pair is an error. */
static enum eb_status
set_merges_tests(struct eb_table *t, const struct set_value *v, size_t nv, struct eb_err *err)
{
	unsigned mask = 0;
	int sets_block_size = 0;
	int64_t *block_size = NULL;
	size_t n = 16, *slot;
	enum eb_status st = EB_OK;

	for (size_t i = 0; i < nv; i++) {
		int field = eb_column_field(v[i].column);

		if (field >= 0)
			mask |= EB_FIELD_BIT(field);
		else if (v[i].column == EB_C_BLOCK_SIZE)
			sets_block_size = 1;
	}
	if ((mask == 0 && !sets_block_size) || t->n < 2)
		return EB_OK;
	/* The key compares block sizes always: with --set block_size they
	 * are put aside and compared apart. */
	if (sets_block_size) {
		block_size = eb_xcalloc(t->n, sizeof *block_size);
		for (size_t i = 0; i < t->n; i++) {
			block_size[i] = t->rows[i].block_size;
			t->rows[i].block_size = 0;
		}
	}
	while (n < t->n * 2)
		n *= 2;
	slot = eb_xcalloc(n, sizeof *slot);	/* row index + 1; 0 is empty */
	for (size_t i = 0; i < t->n && st == EB_OK; i++) {
		const struct eb_record *r = &t->rows[i];
		size_t j = eb_record_key_hash(r, mask) & (n - 1);

		while (slot[j] != 0 && !eb_record_key_equal(&t->rows[slot[j] - 1], r, mask))
			j = (j + 1) & (n - 1);
		if (slot[j] == 0) {
			slot[j] = i + 1;
		} else {
			const struct eb_record *a = &t->rows[slot[j] - 1];
			int f = 0;

			while (f < EB_NFIELDS && !((mask & EB_FIELD_BIT(f)) && a->f[f] != r->f[f]))
				f++;
			if (f < EB_NFIELDS)
				st = merge_error(err, eb_column_names[eb_field_column(f)], a->f[f], r->f[f],
				    a, r);
			else if (block_size != NULL && block_size[slot[j] - 1] != block_size[i]) {
				char x[24], y[24];

				snprintf(x, sizeof x, "%lld", (long long)block_size[slot[j] - 1]);
				snprintf(y, sizeof y, "%lld", (long long)block_size[i]);
				st = merge_error(err, "block_size", x, y, a, r);
			}
		}
	}
	free(slot);
	if (block_size != NULL) {
		for (size_t i = 0; i < t->n; i++)
			t->rows[i].block_size = block_size[i];
		free(block_size);
	}
	return st;
}

/* A note when a --set label is spelt as more than its words folded to
 * lower case and dashes ("Ubuntu 24.04" is 24.04), or is a mode encbench
 * does not know, as a sheet's mode cell gets. */
static void
set_note(const struct set_value *v, struct eb_diag *diag)
{
	int field = eb_column_field(v->column);
	char folded[EB_MODE_MAX * 2];
	struct eb_mode_label m;

	if ((field != EB_F_RELEASE && field != EB_F_CONFIG && field != EB_F_MODE) ||
	    v->typed == NULL)
		return;
	eb_label_normalize(EB_F_HOST, v->typed, folded, sizeof folded);
	if (field == EB_F_MODE && v->value[0] != '\0' &&
	    eb_mode_read(v->typed, &m) == EB_MODE_UNKNOWN)
		eb_diag(diag, EB_NOTE, (struct eb_loc){ 0 }, "--set mode=%s: a mode encbench "
		    "does not know, kept as written", v->value);
	else if (field == EB_F_MODE && m.config[0] != '\0')
		eb_diag(diag, EB_NOTE, (struct eb_loc){ 0 }, "--set mode='%s' is read as mode %s "
		    "in config %s, as a sheet's mode cell is", v->typed, m.mode, m.config);
	else if (strcmp(folded, v->value) != 0)
		eb_diag(diag, EB_NOTE, (struct eb_loc){ 0 }, "--set %s='%s' is read as %s %s, as "
		    "every input spells it", v->name, v->typed, v->name, v->value);
}

/* Whether a source names a cell, "path:line:col", as a sheet's records do. */
static int
from_cell(const char *source)
{
	int parts;

	eb_source_path_len(source, &parts);
	return parts == 2;
}

/* A --set of a column a record's input gives a value of its own: --set
 * fills in what an output does not say. For what was measured (tool, job,
 * workload, op, block size) another value is an error, for it would make
 * a wrong number (a fio read job's figure written as a write); for a label
 * (release, host, config, mode, rep) it is a warning naming both, once. */
static enum eb_status
set_contradicts(const struct eb_table *t, const char *name, int c, const char *value,
    struct eb_diag *diag, struct eb_err *err)
{
	int field = eb_column_field(c);
	int label = field == EB_F_RELEASE || field == EB_F_HOST || field == EB_F_CONFIG ||
	    field == EB_F_MODE || c == EB_C_REP;
	long long number = strtoll(value, NULL, 10);

	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];
		char own[32];
		const char *has = own;

		own[0] = '\0';
		if (field >= 0)
			has = r->f[field];
		else if (c == EB_C_BLOCK_SIZE && r->block_size != 0 && r->block_size != number)
			snprintf(own, sizeof own, "%lld", (long long)r->block_size);
		else if (c == EB_C_REP && r->rep != 0 && r->rep != number)
			snprintf(own, sizeof own, "%d", r->rep);
		if (has[0] == '\0' || (field >= 0 && strcmp(has, value) == 0))
			continue;
		/* A sheet that names no tool gives tool and job "sheet", a
		 * placeholder that --set fills as it fills an empty column; a
		 * sheet's record comes from a cell, "path:line:col". */
		if ((field == EB_F_TOOL || field == EB_F_JOB) && strcmp(has, "sheet") == 0 &&
		    from_cell(r->f[EB_F_SOURCE]))
			continue;
		if (!label)
			return eb_err_set(err, EB_ERR_USAGE, (struct eb_loc){ 0 }, "--set %s=%s "
			    "contradicts %s, whose %s is '%s': --set fills in what an output does "
			    "not say, and cannot change what it measured (leave it out)", name, value,
			    r->f[EB_F_SOURCE], name, has);
		eb_diag(diag, EB_WARNING, (struct eb_loc){ 0 }, "--set %s=%s replaces the %s "
		    "'%s' that %s gives (and any other record's own %s)", name, value, name, has,
		    r->f[EB_F_SOURCE], name);
		return EB_OK;
	}
	return EB_OK;
}

/* The length of a trailing ":N" of s[0, n), or 0. */
static size_t
number_tail(const char *s, size_t n)
{
	size_t k = n;

	while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
		k--;
	return k < n && k > 0 && s[k - 1] == ':' ? n - k + 1 : 0;
}

/* The location a record's source names, "path:line" or, for a sheet's
 * cell, "path:line:col". */
static struct eb_loc
source_loc(struct eb_table *t, const char *source)
{
	size_t n = strlen(source), last = number_tail(source, n), before;
	struct eb_loc loc = { NULL, 0, 0 };

	before = last > 0 ? number_tail(source, n - last) : 0;
	if (before > 0) {
		loc.line = strtol(source + n - last - before + 1, NULL, 10);
		loc.col = strtol(source + n - last + 1, NULL, 10);
	} else if (last > 0)
		loc.line = strtol(source + n - last + 1, NULL, 10);
	loc.path = eb_intern(t, source, n - last - before);
	return loc;
}

/* Whether a source would open a results.csv cell as a formula would: a
 * path typed so ("@runs/x"), or a results.csv's source column. The "-:3"
 * of standard input is no formula any spreadsheet reads. */
static int
formula_source(const char *s)
{
	return eb_label_formula(s) && !(s[0] == '-' && (s[1] == ':' || s[1] == '\0'));
}

/* Every label a spreadsheet opening results.csv would run as a formula
 * (=HYPERLINK(...), @SUM(...), a DDE "-2+3+cmd|..."), from any input: a
 * sheet's cell, a fio job name, a run folder's name, a results.csv. A
 * quote before it would keep a spreadsheet from running it, but would not
 * read back as the same label, so it is an error, each label told once,
 * at the first record that has it. */
static enum eb_status
formula_labels(struct eb_table *t, struct eb_diag *diag)
{
	const char *told[8] = { NULL };
	size_t ntold = 0;
	enum eb_status st = EB_OK;

	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];

		for (int f = 0; f < EB_NFIELDS; f++) {
			const char *s = r->f[f];
			size_t k = 0;

			if (f == EB_F_SOURCE ? !formula_source(s) : !eb_label_formula(s))
				continue;
			while (k < ntold && told[k] != s)
				k++;
			if (k < ntold)
				continue;
			if (ntold < sizeof told / sizeof told[0])
				told[ntold++] = s;
			st = EB_ERR_DATA;
			if (f == EB_F_SOURCE) {
				struct eb_loc loc = { eb_table_read_path(t, i), 0, 0 };

				eb_diag(diag, EB_ERROR, loc, "source '%s' begins with '%c', which a "
				    "spreadsheet opening results.csv would run as a formula: no source "
				    "may begin with =, +, - or @ (a path typed so reads as ./PATH)", s,
				    s[0]);
			} else {
				const char *column = eb_column_names[eb_field_column(f)];
				int relabel = f == EB_F_RELEASE || f == EB_F_HOST || f == EB_F_CONFIG ||
				    f == EB_F_MODE;

				eb_diag(diag, EB_ERROR, source_loc(t, r->f[EB_F_SOURCE]), "%s '%s' "
				    "begins with '%c', which a spreadsheet opening results.csv would run "
				    "as a formula: no label may begin with =, +, - or @ (%s%s%s)", column,
				    s, s[0], relabel ? "give another with --set " : "rename it in the input",
				    relabel ? column : "", relabel ? "=NAME" : "");
			}
			if (ntold == sizeof told / sizeof told[0])
				return st;
		}
	}
	return st;
}

/* Whether paths[i] lies inside a folder named after it (ingest FILE DIR
 * with FILE in DIR): it is read there, once, as when the folder comes
 * first, and a note says so. */
static int
inside_later(char *const *paths, int i, int npaths, struct eb_diag *diag)
{
	char *real = strcmp(paths[i], "-") == 0 ? NULL : realpath(paths[i], NULL);
	int inside = 0;

	for (int k = i + 1; real != NULL && k < npaths && !inside; k++) {
		char *dir = strcmp(paths[k], "-") == 0 ? NULL : realpath(paths[k], NULL);
		struct stat sb;
		size_t n = dir != NULL ? strlen(dir) : 0;

		/* Only where the walk reads it: not below a dot name, not an
		 * unfinished .part, not encbench's own output. */
		inside = dir != NULL && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode) &&
		    strncmp(real, dir, n) == 0 && (real[n] == '/' || (n == 1 && real[1] != '\0')) &&
		    strstr(real + n - (n == 1), "/.") == NULL &&
		    !(strlen(real) > 5 && strcmp(real + strlen(real) - 5, ".part") == 0) &&
		    !eb_is_own_output(real);
		if (inside) {
			struct eb_loc loc = { paths[i], 0, 0 };

			eb_diag(diag, EB_NOTE, loc, "named again (in %s): read once", paths[k]);
		}
		free(dir);
	}
	free(real);
	return inside;
}

int
eb_inputs_load(const struct eb_inputs *in, char *const *paths, int npaths,
    struct eb_table **out)
{
	struct eb_table *t = eb_table_new();
	struct eb_ingest_opts opts;
	struct eb_diag diag;
	struct eb_err err;
	enum eb_status worst = EB_OK;
	int rc, sheets_read = 0;
	struct set_value *sv;
	size_t nsv;

	eb_diag_init_stderr(&diag);
	diag.quiet = in->quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = in->format;
	opts.diag = &diag;
	opts.map = in->map;
	opts.unit = in->unit;
	opts.sheets_read = &sheets_read;
	opts.verbose = in->verbose;
	if (in->unit != NULL && *in->unit != '\0') {
		struct eb_sheet_unit u;

		if (!eb_sheet_unit_parse(in->unit, strlen(in->unit), &u)) {
			fprintf(stderr, "encbench: error: --unit '%s' is not a unit encbench knows (B/s, kB/s, "
			    "MB/s, GB/s, KiB/s, MiB/s, GiB/s, IOPS, ops/s, ns, us, ms, %%)\n", in->unit);
			eb_table_free(t);
			return eb_exit_code(EB_ERR_USAGE);
		}
	}
	opts.seen = eb_run_seen_new();
	for (int i = 0; i < npaths; i++) {
		int skipped = eb_path_named_before(paths, i, &diag) ||
		    inside_later(paths, i, npaths, &diag);
		enum eb_status st = skipped ? EB_OK : eb_ingest_path(t, paths[i], &opts, &err);

		if (st != EB_OK && (worst == EB_OK || st == EB_ERR_USAGE))
			worst = st;
		/* A results.csv of encbench's: its package says which of its
		 * runs are illustrative and which tests were not timed, once
		 * with the one reading of its records. */
		if (st == EB_OK && !skipped && strcmp(paths[i], "-") != 0)
			eb_datapackage_read(paths[i], t, &diag, in->warn_unpackaged);
	}
	eb_run_seen_free(opts.seen);
	/* Every other format prints its units; --unit there would change
	 * nothing, and a user who hoped it rescales should hear so. */
	if (worst == EB_OK && in->unit != NULL && *in->unit != '\0' && sheets_read == 0)
		eb_diag(&diag, EB_WARNING, (struct eb_loc){ 0 }, "--unit %s changed nothing: only the "
		    "spreadsheet reader takes it, and no input was a spreadsheet", in->unit);
	if (worst == EB_OK && in->map != NULL && sheets_read == 0)
		eb_diag(&diag, EB_WARNING, (struct eb_loc){ 0 }, "--map %s changed nothing: only the "
		    "spreadsheet reader takes it, and no input was a spreadsheet", in->map);
	sv = eb_xcalloc(in->nsets + 1, sizeof *sv);
	nsv = set_values(in, sv);
	if (worst == EB_OK && set_merges_tests(t, sv, nsv, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		worst = EB_ERR_USAGE;
	}
	for (size_t i = 0; worst == EB_OK && i < nsv; i++) {
		set_note(&sv[i], &diag);
		if (set_contradicts(t, sv[i].name, sv[i].column, sv[i].value, &diag, &err) != EB_OK ||
		    eb_table_set(t, 0, sv[i].name, sv[i].value, &err) != EB_OK) {
			eb_err_print(&err, stderr);
			worst = EB_ERR_USAGE;
		}
	}
	free(sv);
	if (worst == EB_OK && formula_labels(t, &diag) != EB_OK)
		worst = EB_ERR_DATA;
	if (worst != EB_OK) {
		eb_table_free(t);
		return eb_exit_code(worst);
	}
	if ((rc = outputs_check(in)) != 0) {
		eb_table_free(t);
		return rc;
	}
	if (check_dd_without_op(t, &diag, &err) != EB_OK || check_label_paths(t, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		eb_table_free(t);
		return EB_EXIT_DATA;
	}
	eb_table_settle_untimed(t);
	eb_table_number_reps(t, 0);
	if (eb_table_check_unique(t, &err) != EB_OK ||
	    eb_table_check_relabelled(t, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		eb_table_free(t);
		return EB_EXIT_DATA;
	}
	*out = t;
	return 0;
}

int
eb_analysis_load(const struct eb_args *a, struct eb_table **t)
{
	int rc = eb_inputs_load(&a->in, a->operands, a->noperands, t);

	if (rc != 0)
		return rc;
	if ((rc = eb_filters_apply_checked(&a->filters, *t)) != 0) {
		eb_table_free(*t);
		*t = NULL;
		return rc;
	}
	return -1;
}

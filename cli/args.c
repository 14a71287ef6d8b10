/* args.c - the one parser of every command line: each command's table says
 * which options it takes, and this parses, checks and files them once. */
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"

static const struct eb_opt input_opts[] = {
	{ "format", 0, EB_ARG_TEXT, EB_O_FORMAT, NULL },
	{ "set", 0, EB_ARG_TEXT, EB_O_SET, NULL },
	{ "map", 0, EB_ARG_TEXT, EB_O_MAP, NULL },
	{ "unit", 0, EB_ARG_TEXT, EB_O_UNIT, NULL },
	{ "quiet", 'q', EB_ARG_NONE, EB_O_QUIET, NULL },
	{ "verbose", 'v', EB_ARG_NONE, EB_O_VERBOSE, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

static const struct eb_opt output_opts[] = {
	{ "md", 0, EB_ARG_NONE, EB_O_MD, NULL },
	{ "csv", 0, EB_ARG_NONE, EB_O_CSV, NULL },
	{ "json", 0, EB_ARG_NONE, EB_O_JSON, NULL },
	{ "units", 0, EB_ARG_CHOICE, EB_O_UNITS, "si (MB/s)|iec (MiB/s)" },
	{ "output", 'o', EB_ARG_TEXT, EB_O_OUTPUT, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

static const struct eb_opt filter_opts[] = {
	{ "metric", 0, EB_ARG_TEXT, EB_O_METRIC, NULL },
	{ "op", 0, EB_ARG_TEXT, EB_O_OP, NULL },
	{ "config", 0, EB_ARG_TEXT, EB_O_CONFIG, NULL },
	{ "mode", 0, EB_ARG_TEXT, EB_O_MODE, NULL },
	{ "tool", 0, EB_ARG_TEXT, EB_O_TOOL, NULL },
	{ "host", 0, EB_ARG_TEXT, EB_O_HOST, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

static const struct eb_opt verdict_opts[] = {
	{ "baseline", 0, EB_ARG_TEXT, EB_O_BASELINE, NULL },
	{ "alpha", 0, EB_ARG_PROB, EB_O_ALPHA, NULL },
	{ "adjust", 0, EB_ARG_CHOICE, EB_O_ADJUST, "holm|none" },
	{ "equivalence", 0, EB_ARG_PCT, EB_O_EQUIVALENCE, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

/* The value a flag is filed with. */
static char flag_given[] = "";

static const struct eb_opt help_opt = { "help", 'h', EB_ARG_NONE, EB_O_HELP, NULL };

/* The record field each filter option keeps. */
static const struct {
	enum eb_opt_id id;
	int field;
} filter_fields[] = {
	{ EB_O_RELEASE, EB_F_RELEASE }, { EB_O_METRIC, EB_F_METRIC }, { EB_O_OP, EB_F_OP },
	{ EB_O_CONFIG, EB_F_CONFIG }, { EB_O_MODE, EB_F_MODE }, { EB_O_TOOL, EB_F_TOOL },
	{ EB_O_HOST, EB_F_HOST },
};

static size_t
add_opts(const struct eb_opt *out[EB_MAX_OPTS], size_t n, const struct eb_opt *opts)
{
	for (; opts != NULL && opts->name != NULL && n < EB_MAX_OPTS - 1; opts++)
		out[n++] = opts;
	return n;
}

size_t
eb_cmd_options(const struct eb_cmd *cmd, const struct eb_opt *out[EB_MAX_OPTS])
{
	size_t n = 0;

	if (cmd->groups & EB_OG_INPUT)
		n = add_opts(out, n, input_opts);
	if (cmd->groups & EB_OG_OUTPUT)
		n = add_opts(out, n, output_opts);
	if (cmd->groups & EB_OG_FILTERS)
		n = add_opts(out, n, filter_opts);
	if (cmd->groups & EB_OG_VERDICT)
		n = add_opts(out, n, verdict_opts);
	n = add_opts(out, n, cmd->opts);
	out[n++] = &help_opt;
	return n;
}

void
eb_cli_help(const struct eb_cmd *cmd, FILE *fp)
{
	fprintf(fp, "usage: encbench %s\n\n%s\n%s", cmd->usage, cmd->summary, cmd->help);
}

int
eb_cli_usage(const struct eb_cmd *cmd, const char *fmt, ...)
{
	va_list ap;

	fputs("encbench: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: encbench %s\n(see 'encbench help %s')\n",
	    cmd->usage, cmd->name);
	return EB_EXIT_USAGE;
}

/* Whether value is one of the alternatives of choices ("a|b (note)|c"):
 * each alternative's first word is what the user types. */
static int
is_choice(const char *choices, const char *value)
{
	size_t len = strlen(value);

	for (const char *p = choices; *p; ) {
		size_t w = strcspn(p, " |");

		if (w == len && strncmp(p, value, len) == 0)
			return 1;
		p += strcspn(p, "|");
		if (*p == '|')
			p++;
	}
	return 0;
}

/* "a|b|c" as "a, b or c". */
static void
choice_text(const char *choices, char *buf, size_t n)
{
	size_t len = 0, k = 0, total = 1;

	for (const char *p = choices; *p; p++)
		total += *p == '|';
	buf[0] = '\0';
	for (const char *p = choices; *p && len + 1 < n; k++) {
		size_t w = strcspn(p, "|");

		len += (size_t)snprintf(buf + len, n - len, "%s%.*s",
		    k == 0 ? "" : k + 1 == total ? " or " : ", ", (int)w, p);
		p += w;
		if (*p == '|')
			p++;
	}
}

/* Checks a value against what its option takes; EB_EXIT_USAGE after saying
 * why, or 0. */
static int
check_value(const struct eb_cmd *cmd, const struct eb_opt *o, const char *v)
{
	char *end, alts[256];
	double x;
	int number;

	if (o->arg == EB_ARG_NONE || o->arg == EB_ARG_TEXT)
		return 0;
	if (o->arg == EB_ARG_CHOICE) {
		if (is_choice(o->choices, v))
			return 0;
		choice_text(o->choices, alts, sizeof alts);
		return eb_cli_usage(cmd, "--%s takes %s, not '%s'", o->name, alts, v);
	}
	x = strtod(v, &end);
	number = end != v && *end == '\0' && isfinite(x);
	switch (o->arg) {
	case EB_ARG_PROB:
		if (number && x > 0 && x < 1)
			return 0;
		return eb_cli_usage(cmd, "--%s takes a number between 0 and 1, not '%s'",
		    o->name, v);
	case EB_ARG_PCT:
		if (number && x > 0 && x < 100)
			return 0;
		return eb_cli_usage(cmd, "--%s takes a percentage above 0 and below 100, "
		    "not '%s'", o->name, v);
	case EB_ARG_PCT0:
		if (number && x >= 0)
			return 0;
		return eb_cli_usage(cmd, "--%s takes a percentage of 0 or more, not '%s'",
		    o->name, v);
	default:
		if (number && x > 0)
			return 0;
		return eb_cli_usage(cmd, "--%s takes a number above 0, not '%s'", o->name, v);
	}
}

/* Says what was wrong with the option getopt could not take: unknown,
 * ambiguous, missing its value or given one it does not take. */
static int
bad_option(const struct eb_cmd *cmd, const struct eb_opt *const *opts, size_t n,
    int opt, const char *word)
{
	char names[512];
	size_t len, matches = 0, cut = 0;

	if (optopt >= 0x100 && (size_t)(optopt - 0x100) < n)
		return opt == ':' ? eb_cli_usage(cmd, "--%s needs a value",
		    opts[optopt - 0x100]->name) :
		    eb_cli_usage(cmd, "--%s takes no value", opts[optopt - 0x100]->name);
	if (optopt != 0) {
		for (size_t i = 0; i < n; i++)
			if (opts[i]->letter == optopt)
				return eb_cli_usage(cmd, "-%c needs a value", optopt);
		return eb_cli_usage(cmd, "unknown option '-%c'", optopt);
	}
	/* A long option: glibc leaves its text in the word it stopped at. */
	if (word == NULL || strncmp(word, "--", 2) != 0)
		return eb_cli_usage(cmd, "unknown option");
	word += 2;
	len = strcspn(word, "=");
	names[0] = '\0';
	for (size_t i = 0; i < n; i++)
		if (strncmp(opts[i]->name, word, len) == 0) {
			if (cut + 1 < sizeof names)
				cut += (size_t)snprintf(names + cut, sizeof names - cut, "%s--%s",
				    matches ? ", " : "", opts[i]->name);
			matches++;
		}
	if (matches > 1)
		return eb_cli_usage(cmd, "option '--%.*s' is ambiguous: %s", (int)len, word,
		    names);
	return eb_cli_usage(cmd, "unknown option '--%.*s'", (int)len, word);
}

static void
append(struct eb_arglist *l, char *v)
{
	eb_xgrow(&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = v;
}

/* Whether cmd takes option id. */
static int
takes(const struct eb_cmd *cmd, enum eb_opt_id id)
{
	const struct eb_opt *opts[EB_MAX_OPTS];
	size_t n = eb_cmd_options(cmd, opts);

	for (size_t i = 0; i < n; i++)
		if (opts[i]->id == id)
			return 1;
	return 0;
}

/* Fills the typed groups from the values filed by id. */
static void
fill_groups(struct eb_args *a)
{
	a->in.format = eb_args_get(a, EB_O_FORMAT);
	a->in.sets = a->opt[EB_O_SET].v;
	a->in.nsets = a->opt[EB_O_SET].n;
	a->in.map = eb_args_get(a, EB_O_MAP);
	a->in.unit = eb_args_get(a, EB_O_UNIT);
	a->in.quiet = eb_args_has(a, EB_O_QUIET);
	a->in.verbose = eb_args_has(a, EB_O_VERBOSE);
	/* Of --md, --csv and --json, the last given wins. */
	a->out.fmt = EB_OUT_MD;
	if (a->last[EB_O_CSV] > a->last[EB_O_MD] && a->last[EB_O_CSV] > a->last[EB_O_JSON])
		a->out.fmt = EB_OUT_CSV;
	else if (a->last[EB_O_JSON] > a->last[EB_O_MD] && a->last[EB_O_JSON] > a->last[EB_O_CSV])
		a->out.fmt = EB_OUT_JSON;
	a->out.path = eb_args_get(a, EB_O_OUTPUT);
	a->in.outputs[0] = a->out.path;
	a->in.outputs[1] = eb_args_get(a, EB_O_SUMMARY);
	a->out.iec = eb_args_is(a, EB_O_UNITS, "iec");
	for (size_t i = 0; i < sizeof filter_fields / sizeof filter_fields[0]; i++)
		a->filters.v[filter_fields[i].field] = eb_args_get(a, filter_fields[i].id);
	a->baseline = eb_args_has(a, EB_O_BASELINE) ? eb_args_get(a, EB_O_BASELINE) : "none";
	a->filters.baseline = takes(a->cmd, EB_O_BASELINE) ? a->baseline : NULL;
	a->alpha = eb_args_num(a, EB_O_ALPHA, 0.05);
	a->no_adjust = eb_args_is(a, EB_O_ADJUST, "none");
	a->equivalence_pct = eb_args_num(a, EB_O_EQUIVALENCE, 2);
}

int
eb_args_parse(struct eb_args *a, const struct eb_cmd *cmd, int argc, char **argv)
{
	const struct eb_opt *opts[EB_MAX_OPTS];
	struct option longopts[EB_MAX_OPTS + 1];
	char shorts[2 * EB_MAX_OPTS + 2] = ":";
	size_t n = eb_cmd_options(cmd, opts), ns = 1;
	int opt, seq = 0, rc;

	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	for (size_t i = 0; i < n; i++) {
		int arg = opts[i]->arg == EB_ARG_NONE ? no_argument : required_argument;

		longopts[i] = (struct option){ opts[i]->name, arg, NULL, 0x100 + (int)i };
		if (opts[i]->letter != 0) {
			shorts[ns++] = (char)opts[i]->letter;
			if (arg == required_argument)
				shorts[ns++] = ':';
		}
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
	shorts[ns] = '\0';
	/* Messages are ours, one way for every command; 0 restarts glibc's
	 * scan, which a second parse in one process needs. */
	opterr = 0;
	optind = 0;
	while ((opt = getopt_long(argc, argv, shorts, longopts, NULL)) != -1) {
		const struct eb_opt *o = NULL;

		if (opt == '?' || opt == ':')
			return bad_option(cmd, opts, n, opt, argv[optind - 1]);
		for (size_t i = 0; i < n && o == NULL; i++)
			if (opt == 0x100 + (int)i || (opt < 0x100 && opt == opts[i]->letter))
				o = opts[i];
		if (o->id == EB_O_HELP) {
			eb_cli_help(cmd, stdout);
			return EB_EXIT_OK;
		}
		if (o->arg != EB_ARG_NONE && (rc = check_value(cmd, o, optarg)) != 0)
			return rc;
		append(&a->opt[o->id], o->arg == EB_ARG_NONE ? flag_given : optarg);
		a->last[o->id] = ++seq;
	}
	a->operands = argv + optind;
	a->noperands = argc - optind;
	fill_groups(a);
	if (a->noperands < cmd->min_inputs)
		return eb_cli_usage(cmd, "%s", cmd->no_inputs);
	if ((rc = eb_inputs_check(&a->in, cmd)) != 0)
		return rc;
	return -1;
}

void
eb_args_free(struct eb_args *a)
{
	for (int i = 0; i < EB_O_COUNT; i++)
		free(a->opt[i].v);
	memset(a, 0, sizeof *a);
}

const char *
eb_args_get(const struct eb_args *a, enum eb_opt_id id)
{
	const struct eb_arglist *l = &a->opt[id];

	return l->n > 0 ? l->v[l->n - 1] : NULL;
}

int
eb_args_has(const struct eb_args *a, enum eb_opt_id id)
{
	return a->opt[id].n > 0;
}

double
eb_args_num(const struct eb_args *a, enum eb_opt_id id, double dflt)
{
	const char *v = eb_args_get(a, id);

	return v != NULL ? strtod(v, NULL) : dflt;
}

int
eb_args_is(const struct eb_args *a, enum eb_opt_id id, const char *choice)
{
	const char *v = eb_args_get(a, id);

	return v != NULL && strcmp(v, choice) == 0;
}

void
eb_args_verdict_opts(const struct eb_args *a, struct eb_verdict_opts *vo)
{
	vo->alpha = a->alpha;
	vo->equivalence_pct = a->equivalence_pct;
	vo->adjust = a->no_adjust ? EB_ADJUST_NONE : EB_ADJUST_HOLM;
	vo->median = 0;
}

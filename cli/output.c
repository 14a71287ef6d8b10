/* output.c - what the analysis commands share: writing one format of three,
 * the one CSV row writer, the key columns, and filters that name what the
 * data has; the JSON arrays of the commands and of summary.json. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../analyze/caveats.h"
#include "../render/render.h"

int
eb_output_write(const struct eb_output *o, eb_write_fn fn, void *ctx)
{
	struct eb_err err;
	enum eb_status st = eb_write_atomic(o->path ? o->path : "-", fn, ctx, &err);

	if (st != EB_OK) {
		eb_err_print(&err, stderr);
		return eb_exit_code(st);
	}
	return 0;
}

int
eb_output_emit(const struct eb_output *o, const struct eb_writers *w, void *ctx)
{
	return eb_output_write(o, o->fmt == EB_OUT_CSV ? w->csv : o->fmt == EB_OUT_JSON ?
	    w->json : w->md, ctx);
}

void
eb_md_caveats(FILE *fp, const struct eb_caveat_list *l)
{
	char *text = eb_caveat_list_text(l), *esc;

	if (text == NULL)
		return;
	esc = eb_md_escape(text);
	fprintf(fp, "\n%s\n", esc);
	free(esc);
	free(text);
}

void
eb_output_caveats_note(const struct eb_output *o, const struct eb_caveat_list *l)
{
	char *text;

	if (o->fmt == EB_OUT_MD || (text = eb_caveat_list_text(l)) == NULL)
		return;
	fprintf(stderr, "encbench: note: %s (%s has no place for %s)\n", text,
	    o->fmt == EB_OUT_CSV ? "the CSV" : "the JSON", l->n > 1 ? "them" : "it");
	free(text);
}

void
eb_csv_header(FILE *fp, const char *cols)
{
	fprintf(fp, "%s%s\n", eb_key_csv_header, cols);
}

void
eb_csv_row(FILE *fp, const struct eb_record *key, const struct eb_cell *cells, size_t n)
{
	eb_key_csv(fp, key);
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			putc(',', fp);
		switch (cells[i].kind) {
		case EB_CELL_NUM:
			eb_csv_number(fp, cells[i].num);
			break;
		case EB_CELL_COUNT:
			fprintf(fp, "%zu", cells[i].count);
			break;
		case EB_CELL_TEXT:
			eb_csv_cell(fp, cells[i].text);
			break;
		}
	}
	putc('\n', fp);
}

const char eb_key_csv_header[] =
    "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,";

void
eb_key_csv(FILE *fp, const struct eb_record *r)
{
	static const int fields[] = {
		EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL,
		EB_F_JOB, EB_F_WORKLOAD, EB_F_OP,
	};

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		eb_csv_cell(fp, r->f[fields[i]]);
		putc(',', fp);
	}
	if (r->block_size > 0)
		fprintf(fp, "%lld", (long long)r->block_size);
	putc(',', fp);
	eb_csv_cell(fp, r->f[EB_F_METRIC]);
	putc(',', fp);
	eb_csv_cell(fp, r->f[EB_F_UNIT]);
	putc(',', fp);
}

void
eb_key_json(FILE *fp, const struct eb_record *r)
{
	static const struct {
		const char *name;
		int field;
	} cols[] = {
		{ "release", EB_F_RELEASE }, { "host", EB_F_HOST }, { "config", EB_F_CONFIG },
		{ "mode", EB_F_MODE }, { "tool", EB_F_TOOL }, { "job", EB_F_JOB },
		{ "workload", EB_F_WORKLOAD }, { "op", EB_F_OP },
	};

	for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
		fprintf(fp, "\"%s\": ", cols[i].name);
		eb_json_string(fp, r->f[cols[i].field]);
		fputs(", ", fp);
	}
	if (r->block_size > 0)
		fprintf(fp, "\"block_size\": %lld, ", (long long)r->block_size);
	else
		fputs("\"block_size\": null, ", fp);
	fputs("\"metric\": ", fp);
	eb_json_string(fp, r->f[EB_F_METRIC]);
	fputs(", \"unit\": ", fp);
	eb_json_string(fp, r->f[EB_F_UNIT]);
	fputs(", ", fp);
}

void
eb_table_keep(struct eb_table *t, int field, const char *value)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].f[field], value) == 0)
			t->rows[k++] = t->rows[i];
	t->n = k;
}

static const char *const field_names[EB_NFIELDS] = {
	[EB_F_RELEASE] = "release", [EB_F_HOST] = "host", [EB_F_CONFIG] = "config",
	[EB_F_MODE] = "mode", [EB_F_TOOL] = "tool", [EB_F_JOB] = "job",
	[EB_F_WORKLOAD] = "workload", [EB_F_OP] = "op", [EB_F_METRIC] = "metric",
	[EB_F_UNIT] = "unit", [EB_F_SOURCE] = "source",
};

int
eb_label_check(const struct eb_table *t, int field, const char *option, const char *value)
{
	char have[512];
	size_t len = 0, shown = 0;

	for (size_t r = 0; r < t->n; r++)
		if (strcmp(t->rows[r].f[field], value) == 0)
			return 0;
	/* A value that matches nothing is a typo or the wrong data: say
	 * which values there are, in order of first appearance. */
	have[0] = '\0';
	for (size_t r = 0; r < t->n && len + 1 < sizeof have; r++) {
		const char *v = t->rows[r].f[field];
		size_t j;

		for (j = 0; j < r && t->rows[j].f[field] != v; j++)
			;
		if (j < r)
			continue;
		if (shown == 20) {
			len += (size_t)snprintf(have + len, sizeof have - len, ", ...");
			break;
		}
		len += (size_t)snprintf(have + len, sizeof have - len, "%s'%s'",
		    shown ? ", " : "", v);
		shown++;
	}
	return eb_no_such(option, value, field_names[field], have);
}

/* --mode in a command with a baseline: the mode's records and the
 * baseline's, which its overheads are computed against. */
static void
keep_mode_and_baseline(struct eb_table *t, const char *mode, const char *baseline)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].f[EB_F_MODE], mode) == 0 ||
		    strcmp(t->rows[i].f[EB_F_MODE], baseline) == 0)
			t->rows[k++] = t->rows[i];
	t->n = k;
}

int
eb_filters_apply_checked(const struct eb_filters *f, struct eb_table *t)
{
	for (int i = 0; i < EB_NFIELDS; i++) {
		char option[16];
		int rc;

		if (f->v[i] == NULL)
			continue;
		snprintf(option, sizeof option, "--%s", field_names[i]);
		if ((rc = eb_label_check(t, i, option, f->v[i])) != 0)
			return rc;
		if (i == EB_F_MODE && f->baseline != NULL)
			keep_mode_and_baseline(t, f->v[i], f->baseline);
		else
			eb_table_keep(t, i, f->v[i]);
	}
	return 0;
}

int
eb_no_such(const char *option, const char *value, const char *noun, const char *have)
{
	fprintf(stderr, "encbench: error: %s '%s': the data has no such %s (it has %s)\n",
	    option, value, noun, have[0] ? have : "no records");
	return EB_EXIT_DATA;
}

void
eb_json_overhead(FILE *fp, const struct eb_overhead *rows, const size_t *order, size_t n)
{
	fputs("[", fp);
	for (size_t i = 0; i < n; i++) {
		const struct eb_overhead *r = &rows[order[i]];

		fputs(i ? ",\n  {" : "\n  {", fp);
		eb_key_json(fp, r->g->key);
		fprintf(fp, "\"n\": %zu, \"mean\": ", r->g->s.n);
		eb_json_number(fp, r->g->s.mean);
		fprintf(fp, ", \"baseline_n\": %zu, \"baseline_mean\": ", r->base->s.n);
		eb_json_number(fp, r->base->s.mean);
		fputs(", \"ratio\": ", fp);
		eb_json_number(fp, r->ratio);
		fputs(", \"ratio_ci_low\": ", fp);
		eb_json_number(fp, r->ci_low);
		fputs(", \"ratio_ci_high\": ", fp);
		eb_json_number(fp, r->ci_high);
		fputs(", \"overhead_pct\": ", fp);
		eb_json_number(fp, r->overhead_pct);
		fputs(", \"verdict\": ", fp);
		eb_json_verdict(fp, &r->v);
		fputs("}", fp);
	}
	fputs(n ? "\n]\n" : "]\n", fp);
}

static const char *
test_name(enum eb_verdict_test t)
{
	switch (t) {
	case EB_TEST_WELCH:
		return "welch";
	case EB_TEST_MANN_WHITNEY:
		return "mann-whitney";
	case EB_TEST_LOG_DELTA:
		return "log-delta";
	case EB_TEST_NONE:
		break;
	}
	return NULL;
}

static void
json_string_or_null(FILE *fp, const char *s)
{
	if (s != NULL && *s)
		eb_json_string(fp, s);
	else
		fputs("null", fp);
}

void
eb_json_verdict(FILE *fp, const struct eb_verdict *v)
{
	char phrase[320];

	eb_verdict_phrase(v, phrase, sizeof phrase);
	fputs("{\"word\": ", fp);
	json_string_or_null(fp, eb_verdict_word(v));
	fputs(", \"text\": ", fp);
	eb_json_string(fp, phrase);
	fputs(", \"estimate\": ", fp);
	eb_json_number(fp, v->estimate);
	fputs(", \"unit\": ", fp);
	eb_json_string(fp, v->what == EB_VW_OVERHEAD_CHANGE ? "pp" : "%");
	/* A bound that is a ratio's floor, not a measurement, is null, with
	 * reaches_zero saying why. */
	fputs(", \"ci_low\": ", fp);
	eb_json_number(fp, v->unbounded || eb_verdict_open_bound(v, 0) < 0 ? NAN : v->lo);
	fputs(", \"ci_high\": ", fp);
	eb_json_number(fp, v->unbounded || eb_verdict_open_bound(v, 0) > 0 ? NAN : v->hi);
	fprintf(fp, ", \"unbounded\": %s, \"reaches_zero\": %s, \"ci_level\": ",
	    v->unbounded ? "true" : "false", v->reaches_zero ? "true" : "false");
	eb_json_number(fp, isnan(v->estimate) ? NAN : 1 - v->ci_alpha);
	/* The unadjusted interval beside the one the word rests on. */
	fputs(", \"ci_low_raw\": ", fp);
	eb_json_number(fp, v->raw_unbounded || eb_verdict_open_bound(v, 1) < 0 ? NAN : v->raw_lo);
	fputs(", \"ci_high_raw\": ", fp);
	eb_json_number(fp, v->raw_unbounded || eb_verdict_open_bound(v, 1) > 0 ? NAN : v->raw_hi);
	fprintf(fp, ", \"unbounded_raw\": %s, \"test\": ", v->raw_unbounded ? "true" : "false");
	json_string_or_null(fp, test_name(v->test));
	fputs(", \"df\": ", fp);
	eb_json_number(fp, v->df);
	fputs(", \"p_raw\": ", fp);
	eb_json_number(fp, v->p);
	fputs(", \"p_adjusted\": ", fp);
	eb_json_number(fp, v->p_adj);
	fputs(", \"adjust\": ", fp);
	eb_json_string(fp, v->adjust == EB_ADJUST_HOLM ? "holm" : "none");
	fputs(", \"family\": ", fp);
	json_string_or_null(fp, v->family);
	fprintf(fp, ", \"family_size\": %zu", v->family_size);
	if (v->kind == EB_VERDICT_TOO_FEW_RUNS)
		fprintf(fp, ", \"runs_needed\": %u", v->runs_needed);
	fputs("}", fp);
}

static void
side_json(FILE *fp, const struct eb_sample *s)
{
	fprintf(fp, "{\"n\": %zu, \"mean\": ", s->n);
	eb_json_number(fp, s->mean);
	fputs(", \"median\": ", fp);
	eb_json_number(fp, s->median);
	fputs(", \"sd\": ", fp);
	eb_json_number(fp, s->sd);
	fputs(", \"ci_low\": ", fp);
	eb_json_number(fp, s->ci_low);
	fputs(", \"ci_high\": ", fp);
	eb_json_number(fp, s->ci_high);
	fputs("}", fp);
}

void
eb_json_diff(FILE *fp, const struct eb_diff *rows, const size_t *order, size_t n,
    const char *from, const char *to)
{
	fputs("[", fp);
	for (size_t i = 0; i < n; i++) {
		const struct eb_diff *d = &rows[order[i]];

		fputs(i ? ",\n  {" : "\n  {", fp);
		eb_key_json(fp, d->a->key);
		fputs("\"from_label\": ", fp);
		eb_json_string(fp, from);
		fputs(", \"to_label\": ", fp);
		eb_json_string(fp, to);
		fputs(", \"from\": ", fp);
		side_json(fp, &d->a->s);
		fputs(", \"to\": ", fp);
		side_json(fp, &d->b->s);
		fputs(", \"delta_pct\": ", fp);
		eb_json_number(fp, d->delta_pct);
		fputs(", \"delta_ci_low_pct\": ", fp);
		eb_json_number(fp, d->delta_ci_low_pct);
		fputs(", \"delta_ci_high_pct\": ", fp);
		eb_json_number(fp, d->delta_ci_high_pct);
		fputs(", \"p_value\": ", fp);
		eb_json_number(fp, d->p_value);
		fputs(", \"p_raw\": ", fp);
		eb_json_number(fp, d->v.p);
		fputs(", \"verdict\": ", fp);
		eb_json_string(fp, d->verdict);
		fputs(", \"change\": ", fp);
		eb_json_verdict(fp, &d->v);
		fputs(", \"overhead_from_pct\": ", fp);
		eb_json_number(fp, d->has_overhead ? d->overhead_from_pct : NAN);
		fputs(", \"overhead_to_pct\": ", fp);
		eb_json_number(fp, d->has_overhead ? d->overhead_to_pct : NAN);
		fputs(", \"overhead_change_pp\": ", fp);
		eb_json_number(fp, d->has_overhead ? d->overhead_change_pp : NAN);
		fputs(", \"overhead_change\": ", fp);
		if (d->has_overhead)
			eb_json_verdict(fp, &d->oh);
		else
			fputs("null", fp);
		fputs("}", fp);
	}
	fputs(n ? "\n]\n" : "]\n", fp);
}

void
eb_json_trend(FILE *fp, const struct eb_trend_row *rows, size_t n)
{
	fputs("[", fp);
	for (size_t i = 0; i < n; i++) {
		const struct eb_trend_row *r = &rows[i];

		fputs(i ? ",\n  {" : "\n  {", fp);
		eb_key_json(fp, r->g->key);
		fprintf(fp, "\"n\": %zu, \"mean\": ", r->g->s.n);
		eb_json_number(fp, r->g->s.mean);
		fputs(", \"ci_low\": ", fp);
		eb_json_number(fp, r->g->s.ci_low);
		fputs(", \"ci_high\": ", fp);
		eb_json_number(fp, r->g->s.ci_high);
		fputs(", \"overhead_pct\": ", fp);
		eb_json_number(fp, r->overhead_pct);
		fputs(", \"previous_release\": ", fp);
		if (r->prev)
			eb_json_string(fp, r->prev->key->f[EB_F_RELEASE]);
		else
			fputs("null", fp);
		fputs(", \"change_pct\": ", fp);
		eb_json_number(fp, r->prev ? r->change_pct : NAN);
		fputs(", \"p_value\": ", fp);
		eb_json_number(fp, r->p);
		fputs(", \"verdict\": ", fp);
		if (r->verdict)
			eb_json_string(fp, r->verdict);
		else
			fputs("null", fp);
		fputs(", \"change\": ", fp);
		if (r->prev)
			eb_json_verdict(fp, &r->v);
		else
			fputs("null", fp);
		fputs("}", fp);
	}
	fputs(n ? "\n]\n" : "]\n", fp);
}

void
eb_json_groups(FILE *fp, const struct eb_group *const *groups, size_t n)
{
	fputs("[", fp);
	for (size_t i = 0; i < n; i++) {
		const struct eb_group *g = groups[i];

		fputs(i ? ",\n  {" : "\n  {", fp);
		eb_key_json(fp, g->key);
		fprintf(fp, "\"n\": %zu, \"mean\": ", g->s.n);
		eb_json_number(fp, g->s.mean);
		fputs(", \"median\": ", fp);
		eb_json_number(fp, g->s.median);
		fputs(", \"sd\": ", fp);
		eb_json_number(fp, g->s.sd);
		fputs(", \"min\": ", fp);
		eb_json_number(fp, g->s.min);
		fputs(", \"max\": ", fp);
		eb_json_number(fp, g->s.max);
		fputs(", \"ci_low\": ", fp);
		eb_json_number(fp, g->s.ci_low);
		fputs(", \"ci_high\": ", fp);
		eb_json_number(fp, g->s.ci_high);
		fputs("}", fp);
	}
	fputs(n ? "\n]\n" : "]\n", fp);
}

/* inputs.c - loading the inputs of any command: --format and --set checked,
 * every path through the ingest driver, then --set, then repetition numbering. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int
eb_inputs_check(const struct eb_inputs *in, const struct eb_cmd *cmd)
{
	if (in->format != NULL && strcmp(in->format, "auto") != 0 &&
	    eb_format_find(in->format) == NULL)
		return eb_cli_usage(cmd, "unknown format '%s' (formats: auto, %s)",
		    in->format, eb_format_names());
	for (size_t i = 0; i < in->nsets; i++) {
		const char *eq = strchr(in->sets[i], '=');
		char name[32];
		int c;

		if (eq == NULL || eq == in->sets[i] || (size_t)(eq - in->sets[i]) >= sizeof name)
			return eb_cli_usage(cmd, "--set takes COLUMN=VALUE, not '%s'", in->sets[i]);
		memcpy(name, in->sets[i], (size_t)(eq - in->sets[i]));
		name[eq - in->sets[i]] = '\0';
		c = eb_column_lookup(name);
		if (c < 0 || c == EB_C_VALUE || c == EB_C_SOURCE)
			return eb_cli_usage(cmd, "--set cannot set '%s' (columns: release, "
			    "host, config, mode, tool, job, workload, op, block_size, "
			    "metric, unit, rep)", name);
	}
	return 0;
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

	eb_diag_init_stderr(&diag);
	diag.quiet = in->quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = in->format;
	opts.diag = &diag;
	opts.map = in->map;
	opts.unit = in->unit;
	opts.verbose = in->verbose;
	opts.seen = eb_run_seen_new();
	for (int i = 0; i < npaths; i++) {
		enum eb_status st = eb_path_named_before(paths, i, &diag) ? EB_OK :
		    eb_ingest_path(t, paths[i], &opts, &err);

		if (st != EB_OK && (worst == EB_OK || st == EB_ERR_USAGE))
			worst = st;
	}
	eb_run_seen_free(opts.seen);
	for (size_t i = 0; worst == EB_OK && i < in->nsets; i++) {
		char *eq = strchr(in->sets[i], '=');

		*eq = '\0';
		if (eb_table_set(t, 0, in->sets[i], eq + 1, &err) != EB_OK) {
			eb_err_print(&err, stderr);
			worst = EB_ERR_USAGE;
		}
		*eq = '=';
	}
	if (worst != EB_OK) {
		eb_table_free(t);
		return eb_exit_code(worst);
	}
	eb_table_number_reps(t, 0);
	if (eb_table_check_unique(t, &err) != EB_OK) {
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

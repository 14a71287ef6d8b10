/* caveats.c - which facts of a run's meta.json qualify which claims: a
 * mode nothing encrypts, cached reads, two folders on other storage, a
 * config name the CPU facts contradict. One rule for every output. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../ingest/rundir_facts.h"
#include "caveats.h"

struct run {
	const struct eb_run_meta *m;
	struct eb_run_facts f;
};

struct eb_caveats {
	const struct eb_table *t;
	const struct eb_groups *gs;	/* where the runs of a case are counted, or NULL */
	struct run *runs;
	size_t n;
	int name_releases, name_hosts, name_configs;	/* the runs differ in them */
	/* The records differ in them: an untimed test's caveat names them. */
	int rows_releases, rows_hosts, rows_configs;
};

/* Whether a run says anything that qualifies a claim. */
static int
has_fact(const struct run *r)
{
	struct eb_config_claim cc;

	if (r->f.drop_caches == 0 || r->f.bonnie_cached == 1 || eb_run_facts_has_gaps(&r->f))
		return 1;
	for (size_t i = 0; i < r->f.nt; i++)
		if (r->f.t[i].encryption >= 0 || *r->f.t[i].fs || *r->f.t[i].device)
			return 1;
	eb_config_claims(r->m->config, &cc);
	return ((cc.no_aesni || cc.unsure_aesni) && r->f.aesni == 1) ||
	    ((cc.cores > 0 || cc.unsure_cores) && r->f.cpus > 0);
}

struct eb_caveats *
eb_caveats_new(const struct eb_table *t)
{
	struct eb_caveats *c;
	size_t cap = 0;

	if (t == NULL || (t->nmeta == 0 && t->nuntimed == 0))
		return NULL;
	c = eb_xcalloc(1, sizeof *c);
	c->t = t;
	for (size_t i = 0; i < t->nmeta; i++) {
		struct run r;

		memset(&r, 0, sizeof r);
		r.m = &t->meta[i];
		if (t->meta[i].json == NULL)
			continue;
		eb_run_facts_read(t->meta[i].json, &r.f);
		if (!has_fact(&r))
			continue;
		eb_xgrow(&c->runs, &cap, c->n + 1, sizeof *c->runs);
		c->runs[c->n++] = r;
	}
	if (c->n == 0 && t->nuntimed == 0) {
		free(c);
		return NULL;
	}
	for (size_t i = 1; t->nuntimed > 0 && i < t->n; i++) {
		const struct eb_record *a = &t->rows[0], *b = &t->rows[i];

		c->rows_releases |= a->f[EB_F_RELEASE] != b->f[EB_F_RELEASE];
		c->rows_hosts |= a->f[EB_F_HOST] != b->f[EB_F_HOST];
		c->rows_configs |= a->f[EB_F_CONFIG] != b->f[EB_F_CONFIG];
	}
	for (size_t i = 1; i < c->n; i++) {
		c->name_releases |= strcmp(c->runs[i].m->release, c->runs[0].m->release) != 0;
		c->name_hosts |= strcmp(c->runs[i].m->host, c->runs[0].m->host) != 0;
		c->name_configs |= strcmp(c->runs[i].m->config, c->runs[0].m->config) != 0;
	}
	return c;
}

void
eb_caveats_use_groups(struct eb_caveats *c, const struct eb_groups *gs)
{
	if (c != NULL)
		c->gs = gs;
}

void
eb_caveats_free(struct eb_caveats *c)
{
	if (c == NULL)
		return;
	free(c->runs);
	free(c);
}

static int
run_of(const struct run *r, const struct eb_record *k)
{
	const struct eb_run_meta *m = r->m;

	return strcmp(m->release, k->f[EB_F_RELEASE]) == 0 &&
	    (*m->host == '\0' || strcmp(m->host, k->f[EB_F_HOST]) == 0) &&
	    (*m->config == '\0' || strcmp(m->config, k->f[EB_F_CONFIG]) == 0);
}

/* ---- the list */

static void
add_item(struct eb_caveat_list *l, int of_data, const char *fmt, va_list ap)
{
	char buf[512];
	size_t cap = l->cap;

	vsnprintf(buf, sizeof buf, fmt, ap);
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->items[i], buf) == 0)
			return;
	eb_xgrow(&l->items, &l->cap, l->n + 1, sizeof *l->items);
	if (l->cap != cap)
		l->of_data = eb_xrealloc(l->of_data, l->cap);
	l->of_data[l->n] = (unsigned char)of_data;
	l->ndata += of_data != 0;
	l->items[l->n++] = eb_xstrdup(buf);
}

static void
add(struct eb_caveat_list *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void
add_of_data(struct eb_caveat_list *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
add(struct eb_caveat_list *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_item(l, 0, fmt, ap);
	va_end(ap);
}

static void
add_of_data(struct eb_caveat_list *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_item(l, 1, fmt, ap);
	va_end(ap);
}

void
eb_caveat_list_free(struct eb_caveat_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i]);
	free(l->items);
	free(l->of_data);
	memset(l, 0, sizeof *l);
}

/* The items of the data first, then those of meta.json, named as such. */
char *
eb_caveat_list_text(const struct eb_caveat_list *l)
{
	struct eb_buf b;
	size_t done = 0;

	if (l->n == 0)
		return NULL;
	eb_buf_init(&b, 0);
	eb_buf_addf(&b, "Caveat%s%s: ", l->n > 1 ? "s" : "", l->ndata == 0 ? " from meta.json" : "");
	for (int data = 1; data >= 0; data--)
		for (size_t i = 0; i < l->n; i++) {
			if (l->of_data[i] != data)
				continue;
			const char *opens = data == 0 && done == l->ndata && l->ndata > 0 ?
			    "from meta.json: " : "";

			done++;
			eb_buf_addf(&b, "%s%s%s", opens, l->items[i], done < l->n ? "; " : ".");
		}
	eb_buf_cstr(&b);
	return b.data;
}

void
eb_caveat_list_sentence(const struct eb_caveat_list *l, char *buf, size_t n)
{
	size_t len = strlen(buf);
	char *text;

	if (l->n == 0 || len + 1 >= n || (text = eb_caveat_list_text(l)) == NULL)
		return;
	snprintf(buf + len, n - len, " %s", text);
	free(text);
}

/* ---- the rule */

/* " in 24.04", with the host and config, each when the runs differ in it
 * (the sentence names the rest). */
static void
where(const struct eb_caveats *c, const struct eb_run_meta *m, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s%s%s%s%s%s", c->name_releases ? " in " : "",
	    c->name_releases ? *m->release ? m->release : "the unnamed release" : "",
	    c->name_hosts && *m->host ? " on " : "", c->name_hosts ? m->host : "",
	    c->name_configs && *m->config ? " (" : "", c->name_configs ? m->config : "",
	    c->name_configs && *m->config ? ")" : "");
}

static int
is_in(const char *s, const char *const *list)
{
	for (size_t i = 0; list[i] != NULL; i++)
		if (strcmp(s, list[i]) == 0)
			return 1;
	return 0;
}

/* What a record reads from the files it tests: its op, by tool. */
static int
reads_files(const struct eb_record *k, int bonnie)
{
	static const char *const ddfio[] = { "read", "mixed", "rw", "randrw", "readwrite", NULL };
	static const char *const bonnie_reads[] = { "read", "rewrite", "seek", NULL };

	return is_in(k->f[EB_F_OP], bonnie ? bonnie_reads : ddfio);
}

static void
key_items(const struct eb_caveats *c, const struct run *r, const struct eb_record *k,
    struct eb_caveat_list *l)
{
	const struct eb_target_fact *t = eb_run_facts_target(&r->f, k->f[EB_F_MODE]);
	const char *tool = k->f[EB_F_TOOL];
	struct eb_config_claim cc;
	struct eb_fact_gaps gaps;
	char w[256], wr[256];
	struct eb_caveats plain = *c;

	where(c, r->m, w, sizeof w);
	/* A sentence on a config names it: its release and host suffice. */
	plain.name_configs = 0;
	where(&plain, r->m, wr, sizeof wr);
	if (t != NULL && strcmp(t->mode, "none") != 0 && t->encryption == 0)
		add(l, "encryption was not verified for %s%s: the run found nothing encrypting its "
		    "folder (runner.targets.%s.encryption is null), so its figures are not known "
		    "to be those of encryption", k->f[EB_F_MODE], w, t->key);
	if (t != NULL && eb_target_other_encryption(t))
		/* Opened by a word, not the label: a list that capitalises its
		 * items would turn aes-256-gcm into Aes-256-gcm. */
		add(l, "the mode %s%s was not measured as its name says: the run found \"%s\" "
		    "encrypting its folder (runner.targets.%s.encryption), so its figures are that "
		    "encryption's",
		    k->f[EB_F_MODE], w, t->encryption_text, t->key);
	if (t != NULL && strcmp(t->mode, "none") == 0 && t->encryption == 1)
		add(l, "the baseline none%s is not unencrypted storage: its folder is encrypted "
		    "(runner.targets.%s.encryption is \"%s\")", w, t->key, t->encryption_text);
	if ((strcmp(tool, "dd") == 0 || strcmp(tool, "fio") == 0) && r->f.drop_caches == 0 &&
	    reads_files(k, 0))
		add(l, "reads by dd and fio%s may have come from the page cache (the run did not "
		    "drop caches: runner.drop_caches is false)", w);
	if (strcmp(tool, "bonnie") == 0 && r->f.bonnie_cached == 1 && reads_files(k, 1))
		add(l, "reads by bonnie++%s may have come from memory (its file was smaller than "
		    "twice the RAM: runner.bonnie_reads_may_be_cached is true)", w);
	eb_run_facts_gaps(&r->f, k->f[EB_F_MODE], tool, reads_files(k, strcmp(tool, "bonnie") == 0),
	    w, &gaps);
	for (size_t i = 0; i < gaps.n; i++)
		add(l, "%s", gaps.s[i]);
	eb_config_claims(k->f[EB_F_CONFIG], &cc);
	if ((cc.no_aesni || cc.unsure_aesni) && r->f.aesni == 1)
		add(l, "the configuration name %s%s %s AES-NI was off, but meta.json says the CPU "
		    "has it and records nothing that turned it off (%s)", k->f[EB_F_CONFIG], wr,
		    cc.no_aesni ? "says" : "may say", r->f.aesni_why);
	if (cc.cores > 0 && r->f.cpus > 0 && cc.cores != r->f.cpus)
		add(l, "the configuration name %s%s says %ld CPUs, but meta.json's %s (%ld CPU%s)",
		    k->f[EB_F_CONFIG], wr, cc.cores, r->f.cpus_why, r->f.cpus,
		    r->f.cpus == 1 ? "" : "s");
	else if (cc.unsure_cores && r->f.cpus > 0)
		add(l, "the configuration name %s%s may name a CPU count, which encbench does not "
		    "read from it; meta.json's %s (%ld CPU%s)", k->f[EB_F_CONFIG], wr,
		    r->f.cpus_why, r->f.cpus, r->f.cpus == 1 ? "" : "s");
}

static const struct eb_target_fact *
target_of(const struct eb_caveats *c, const struct eb_record *k, const struct run **run)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct eb_target_fact *t;

		if (run_of(&c->runs[i], k) &&
		    (t = eb_run_facts_target(&c->runs[i].f, k->f[EB_F_MODE])) != NULL) {
			*run = &c->runs[i];
			return t;
		}
	}
	return NULL;
}

static void
place(const struct eb_target_fact *t, char *buf, size_t n)
{
	snprintf(buf, n, "%s (%s)", *t->fs ? t->fs : "a file system meta.json does not name",
	    *t->device ? t->device : "no device named");
}

/* Two sides of a claim measured in folders on other storage. */
static void
place_items(const struct eb_caveats *c, const struct eb_record *a, const struct eb_record *b,
    struct eb_caveat_list *l)
{
	const struct run *ra, *rb;
	const struct eb_target_fact *ta = target_of(c, a, &ra), *tb;
	char pa[256], pb[256], wa[256], wb[256];
	const char *what;

	if (ta == NULL || (tb = target_of(c, b, &rb)) == NULL || ta == tb ||
	    !eb_target_other_storage(ta, tb))
		return;
	place(ta, pa, sizeof pa);
	place(tb, pb, sizeof pb);
	wa[0] = wb[0] = '\0';
	if (ra->m != rb->m) {
		where(c, ra->m, wa, sizeof wa);
		where(c, rb->m, wb, sizeof wb);
	}
	what = strcmp(a->f[EB_F_MODE], "none") == 0 || strcmp(b->f[EB_F_MODE], "none") == 0 ?
	    "encryption" : strcmp(a->f[EB_F_MODE], b->f[EB_F_MODE]) != 0 ? "the mode" :
	    strcmp(a->f[EB_F_RELEASE], b->f[EB_F_RELEASE]) != 0 ? "the release" :
	    "the configuration";
	add(l, "the two sides ran on other storage: %s%s on %s and %s%s on %s (runner.targets), "
	    "so the difference is not only %s", a->f[EB_F_MODE], wa, pa, b->f[EB_F_MODE], wb, pb,
	    what);
}

/* Whether a and b are one case: every text field but the source, and
 * the block size. */
static int
same_case(const struct eb_record *a, const struct eb_record *b)
{
	for (int f = 0; f < EB_NFIELDS; f++)
		if (f != EB_F_SOURCE && a->f[f] != b->f[f] && strcmp(a->f[f], b->f[f]) != 0)
			return 0;
	return a->block_size == b->block_size;
}

/* " in 24.04 on h (no-aesni)": k's release, host and config, each where
 * the records differ in it. Named as a page names its tables: a caveat of
 * one release, host or config is no caveat of another's figures. */
static void
where_untimed(const struct eb_caveats *c, const struct eb_record *k, char *w, size_t n)
{
	const char *rel = k->f[EB_F_RELEASE], *host = k->f[EB_F_HOST], *cfg = k->f[EB_F_CONFIG];

	snprintf(w, n, "%s%s%s%s%s%s%s", c->rows_releases ? " in " : "",
	    c->rows_releases ? *rel ? rel : "the unnamed release" : "",
	    c->rows_hosts && *host ? " on " : "", c->rows_hosts ? host : "",
	    c->rows_configs ? " (" : "", c->rows_configs ? *cfg ? cfg : "the unnamed config" : "",
	    c->rows_configs ? ")" : "");
}

/* Repetitions of case k the tool could not time: the mean of the rest
 * leaves out the fastest, so a claim of k is one of its slower runs. */
static void
untimed_items(const struct eb_caveats *c, const struct eb_record *k, struct eb_caveat_list *l)
{
	size_t untimed = eb_table_untimed_of(c->t, k), timed = 0;
	char w[256];

	if (untimed == 0)
		return;
	if (c->gs != NULL) {
		for (size_t i = 0; i < c->gs->n && timed == 0; i++)
			if (same_case(c->gs->g[i].key, k))
				timed = c->gs->g[i].s.n;
	} else {
		for (size_t i = 0; i < c->t->n; i++)
			timed += same_case(&c->t->rows[i], k);
	}
	/* A side with no timed run has no figure to qualify. */
	if (timed == 0)
		return;
	where_untimed(c, k, w, sizeof w);
	add_of_data(l, "bonnie++ could not time %zu of the %zu runs of the %s %s test of %s%s "
	    "(it printed +++++, too fast to measure), and %s leaves out the fastest", untimed,
	    untimed + timed, k->f[EB_F_WORKLOAD], k->f[EB_F_OP], k->f[EB_F_MODE], w,
	    timed == 1 ? "the one timed run" : "the mean of the timed runs");
}

void
eb_caveats_pair(const struct eb_caveats *c, const struct eb_record *mode,
    const struct eb_record *base, struct eb_caveat_list *l)
{
	if (c == NULL || mode == NULL)
		return;
	if (c->t->nuntimed > 0) {
		untimed_items(c, mode, l);
		if (base != NULL)
			untimed_items(c, base, l);
	}
	for (size_t i = 0; i < c->n; i++) {
		if (run_of(&c->runs[i], mode))
			key_items(c, &c->runs[i], mode, l);
		if (base != NULL && run_of(&c->runs[i], base))
			key_items(c, &c->runs[i], base, l);
	}
	if (base != NULL)
		place_items(c, mode, base, l);
}

void
eb_caveats_verdict(const struct eb_caveats *c, const struct eb_verdict *v,
    struct eb_caveat_list *l)
{
	if (c == NULL)
		return;
	eb_caveats_pair(c, v->src[0].key, v->src[1].key, l);
	if (v->src[2].key != NULL)
		eb_caveats_pair(c, v->src[2].key, v->src[3].key, l);
}

void
eb_caveats_case(const struct eb_caveats *c, const struct eb_record *k, const char *baseline,
    struct eb_caveat_list *l)
{
	if (c == NULL)
		return;
	/* With the baseline of its run, as the comparisons pair them: a
	 * figure against none is qualified by what qualifies none's. */
	if (baseline != NULL && strcmp(k->f[EB_F_MODE], baseline) != 0) {
		struct eb_record b = *k;

		b.f[EB_F_MODE] = baseline;
		eb_caveats_pair(c, k, &b, l);
	} else
		eb_caveats_pair(c, k, NULL, l);
}

/* Whether a case has a record: a group of c's, or a row of its table. */
static int
timed_anywhere(const struct eb_caveats *c, const struct eb_record *k)
{
	if (c->gs != NULL) {
		for (size_t i = 0; i < c->gs->n; i++)
			if (same_case(c->gs->g[i].key, k))
				return 1;
		return 0;
	}
	for (size_t i = 0; i < c->t->n; i++)
		if (same_case(&c->t->rows[i], k))
			return 1;
	return 0;
}

static int
same_setup(const struct eb_record *a, const struct eb_record *b)
{
	static const int f[] = { EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG };

	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		if (a->f[f[i]] != b->f[f[i]] && strcmp(a->f[f[i]], b->f[f[i]]) != 0)
			return 0;
	return 1;
}

/* Tests of the setups of gs that no run timed (bonnie++'s +++++ in every
 * one): they have no figure, so no claim is made of them, and a page that
 * left them out in silence would read as if they were not run. One item
 * per test and setup, naming its modes. */
static void
never_timed_items(const struct eb_caveats *c, const struct eb_groups *gs,
    struct eb_caveat_list *l)
{
	const struct eb_record **cases = eb_xmalloc((c->t->nuntimed + 1) * sizeof *cases);
	unsigned char *said = eb_xcalloc(c->t->nuntimed + 1, 1);
	size_t n = 0;

	for (size_t i = 0; i < c->t->nuntimed; i++) {
		const struct eb_record *k = &c->t->untimed[i].key;
		size_t j;
		int shown = 0;

		for (j = 0; j < n && !same_case(cases[j], k); j++)
			;
		if (j < n)
			continue;
		for (size_t g = 0; g < gs->n && !shown; g++)
			shown = same_setup(gs->g[g].key, k);
		if (shown && !timed_anywhere(c, k))
			cases[n++] = k;
	}
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = cases[i];
		struct eb_buf modes;
		size_t nmodes = 0, last = 0;
		char w[256];

		if (said[i])
			continue;
		int rate = 0, cpu = 0;

		/* One item per test, its rate and its CPU use together, each
		 * mode named once. */
		for (size_t j = i; j < n; j++)
			if (!said[j] && same_setup(cases[j], k) &&
			    strcmp(cases[j]->f[EB_F_WORKLOAD], k->f[EB_F_WORKLOAD]) == 0 &&
			    strcmp(cases[j]->f[EB_F_OP], k->f[EB_F_OP]) == 0 &&
			    cases[j]->block_size == k->block_size) {
				size_t m;
				int is_cpu = strcmp(cases[j]->f[EB_F_METRIC], "cpu") == 0;

				cpu |= is_cpu;
				if (!is_cpu) {
					rate = 1;
					k = cases[j];
				}
				for (m = i; m < j && !(said[m] == 2 && strcmp(cases[m]->f[EB_F_MODE],
				    cases[j]->f[EB_F_MODE]) == 0); m++)
					;
				said[j] = m < j ? 1 : 2;
				if (m == j) {
					nmodes++;
					last = j;
				}
			}
		eb_buf_init(&modes, 0);
		for (size_t j = i, done = 0; j < n; j++)
			if (said[j] == 2) {
				eb_buf_addf(&modes, "%s%s", done == 0 ? "" : j == last ? " and " : ", ",
				    cases[j]->f[EB_F_MODE]);
				said[j] = 1;
				done++;
			}
		where_untimed(c, k, w, sizeof w);
		/* Its latency may still be timed, and is a figure of it. */
		add_of_data(l, "%s%sbonnie++ could not time the %s %s test of %s in any run (it "
		    "printed +++++, too fast to measure), so %s no %s%s figure of it",
		    *w ? w + 1 : "", *w ? ", " : "", k->f[EB_F_WORKLOAD], k->f[EB_F_OP],
		    eb_buf_cstr(&modes), nmodes == 1 ? "that mode has" : "those modes have",
		    !rate ? "CPU" : strcmp(k->f[EB_F_METRIC], "bw") == 0 ? "throughput" :
		    "operations-per-second", rate && cpu ? " or CPU" : "");
		eb_buf_free(&modes);
	}
	free(said);
	free((void *)cases);
}

void
eb_caveats_of_groups(const struct eb_caveats *c, const struct eb_groups *gs,
    const char *baseline, struct eb_caveat_list *l)
{
	for (size_t i = 0; c != NULL && i < gs->n; i++)
		eb_caveats_case(c, gs->g[i].key, baseline, l);
	if (c != NULL && c->t->nuntimed > 0)
		never_timed_items(c, gs, l);
}

void
eb_caveats_lines(const struct eb_table *t, const struct eb_groups *gs, const char *baseline,
    struct eb_caveat_list *l)
{
	struct eb_caveats *c = eb_caveats_new(t);

	eb_caveats_of_groups(c, gs, baseline, l);
	eb_caveats_free(c);
}

size_t
eb_caveats_unverified(const struct eb_caveats *c, const struct eb_groups *gs,
    const char **modes, size_t max)
{
	size_t n = 0;

	if (c == NULL)
		return 0;
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *k = gs->g[i].key;
		const struct run *r;
		const struct eb_target_fact *t = target_of(c, k, &r);
		size_t j;

		if (t == NULL || strcmp(t->mode, "none") == 0 || t->encryption != 0)
			continue;
		for (j = 0; j < n && strcmp(modes[j], k->f[EB_F_MODE]) != 0; j++)
			;
		if (j < n)
			continue;
		if (n == max)
			break;
		modes[n++] = k->f[EB_F_MODE];
	}
	return n;
}

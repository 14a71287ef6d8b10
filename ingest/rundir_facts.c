/* rundir_facts.c - the facts of a run's meta.json that qualify what its
 * records can show (runner.targets, drop_caches, cpu_flags, icp,
 * cpus_online), and the warnings ingest gives of them. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ingest.h"
#include "modes.h"
#include "rundir_facts.h"

static void
copy_str(char *buf, size_t n, const json_t *v)
{
	snprintf(buf, n, "%s", json_is_string(v) ? json_string_value(v) : "");
}

static int
tristate(const json_t *v)
{
	return json_is_true(v) ? 1 : json_is_false(v) ? 0 : -1;
}

long
eb_cpu_list_count(const char *list)
{
	long count = 0;
	const char *p = list;

	while (*p == ' ')
		p++;
	if (*p == '\0')
		return -1;
	while (*p != '\0') {
		char *end;
		long a, b;

		if (!isdigit((unsigned char)*p))
			return -1;
		a = b = strtol(p, &end, 10);
		p = end;
		if (*p == '-') {
			if (!isdigit((unsigned char)p[1]))
				return -1;
			b = strtol(p + 1, &end, 10);
			p = end;
		}
		if (b < a || b - a > 100000)
			return -1;
		count += b - a + 1;
		if (*p == ',')
			p++;
		else if (*p != '\0' && *p != '\n' && *p != ' ')
			return -1;
		else
			break;
	}
	return count;
}

/* Whether AES-NI did the work by meta.json: ZFS's ICP names its AES
 * implementation (generic and x86_64 are the ones without AES-NI;
 * fastest picks AES-NI when the CPU has it); without ICP, the kernel's
 * crypto (dm-crypt, fscrypt) uses AES-NI when the CPU has it. */
static void
aesni_fact(const json_t *doc, struct eb_run_facts *f)
{
	const json_t *icp = json_object_get(doc, "icp");
	const json_t *aes = json_object_get(json_object_get(doc, "cpu_flags"), "aes");
	const char *impl = json_string_value(json_object_get(icp, "aes_impl"));
	int has = tristate(aes);

	f->aesni = -1;
	if (impl != NULL) {
		if (strcmp(impl, "generic") == 0 || strcmp(impl, "x86_64") == 0) {
			f->aesni = 0;
			snprintf(f->aesni_why, sizeof f->aesni_why, "icp.aes_impl is %s", impl);
		} else if (strcmp(impl, "aesni") == 0) {
			f->aesni = 1;
			snprintf(f->aesni_why, sizeof f->aesni_why, "icp.aes_impl is aesni");
		} else if (has >= 0) {
			f->aesni = has;
			snprintf(f->aesni_why, sizeof f->aesni_why, "icp.aes_impl is %.60s and "
			    "cpu_flags.aes is %s", impl, has ? "true" : "false");
		}
		return;
	}
	if (has < 0)
		return;
	f->aesni = has;
	snprintf(f->aesni_why, sizeof f->aesni_why, "cpu_flags.aes is %s%s", has ? "true" : "false",
	    !has ? "" : icp == NULL ? " and no icp setting is recorded" :
	    " and icp is null (no setting of ZFS's ICP turned it off)");
}

void
eb_run_facts_read(const char *json, struct eb_run_facts *f)
{
	json_t *doc = json != NULL ? json_loads(json, 0, NULL) : NULL;
	const json_t *runner, *v, *cores;
	json_t *targets;
	const char *key;

	memset(f, 0, sizeof *f);
	f->drop_caches = f->bonnie_cached = f->aesni = -1;
	f->cpus = -1;
	if (doc == NULL)
		return;
	runner = json_object_get(doc, "runner");
	f->drop_caches = tristate(json_object_get(runner, "drop_caches"));
	f->bonnie_cached = tristate(json_object_get(runner, "bonnie_reads_may_be_cached"));
	if (json_is_object(runner)) {
		const char *backend = json_string_value(json_object_get(runner, "backend"));
		const char *tests = json_string_value(json_object_get(runner, "tests"));
		/* The other backends export the pool or unmount the folder
		 * between tests, which empties its caches whatever was said; a
		 * backend not said, or not one of the runner's ("Dir"), may
		 * have been dir. */
		int dir = backend == NULL || (strcmp(backend, "zfs") != 0 &&
		    strcmp(backend, "luks") != 0 && strcmp(backend, "fscrypt") != 0);

		f->runner = 1;
		f->drop_unsaid = dir && f->drop_caches == -1 &&
		    (tests == NULL || strstr(tests, "dd") != NULL || strstr(tests, "fio") != NULL);
		f->bonnie_unsaid = f->bonnie_cached == -1 &&
		    (tests == NULL || strstr(tests, "bonnie") != NULL);
		f->targets_unsaid = dir && !json_is_object(json_object_get(runner, "targets"));
	}
	aesni_fact(doc, f);
	v = json_object_get(doc, "cpus_online");
	cores = json_object_get(doc, "cores");
	if (json_is_string(v) && (f->cpus = eb_cpu_list_count(json_string_value(v))) > 0)
		snprintf(f->cpus_why, sizeof f->cpus_why, "cpus_online is %.60s",
		    json_string_value(v));
	else if (json_is_integer(cores) && json_integer_value(cores) > 0) {
		f->cpus = (long)json_integer_value(cores);
		snprintf(f->cpus_why, sizeof f->cpus_why, "cores is %ld", f->cpus);
	} else
		f->cpus = -1;
	targets = json_object_get(runner, "targets");
	json_object_foreach(targets, key, v) {
		struct eb_target_fact *t;
		const json_t *enc = json_object_get(v, "encryption");

		if (f->nt == EB_FACT_TARGETS || !json_is_object(v))
			continue;
		t = &f->t[f->nt++];
		snprintf(t->key, sizeof t->key, "%s", key);
		eb_mode_canonical(key, t->mode, sizeof t->mode);
		copy_str(t->path, sizeof t->path, json_object_get(v, "path"));
		copy_str(t->fs, sizeof t->fs, json_object_get(v, "fs"));
		copy_str(t->device, sizeof t->device, json_object_get(v, "device"));
		/* null as the runner writes it; "" and false as a hand would. */
		t->encryption = enc == NULL ? -1 : json_is_null(enc) || json_is_false(enc) ? 0 :
		    json_is_string(enc) ? *json_string_value(enc) != '\0' : -1;
		copy_str(t->encryption_text, sizeof t->encryption_text, enc);
	}
	json_decref(doc);
}

int
eb_run_facts_has_gaps(const struct eb_run_facts *f)
{
	if (f->drop_unsaid || f->bonnie_unsaid || f->targets_unsaid)
		return 1;
	for (size_t i = 0; i < f->nt; i++)
		if (f->t[i].encryption == -1 || *f->t[i].fs == '\0')
			return 1;
	return 0;
}

static void
gap(struct eb_fact_gaps *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
gap(struct eb_fact_gaps *g, const char *fmt, ...)
{
	va_list ap;

	if (g->n == EB_FACT_GAPS)
		return;
	va_start(ap, fmt);
	vsnprintf(g->s[g->n++], sizeof g->s[0], fmt, ap);
	va_end(ap);
}

void
eb_run_facts_gaps(const struct eb_run_facts *f, const char *mode, const char *tool, int reads,
    const char *where, struct eb_fact_gaps *g)
{
	const struct eb_target_fact *t = eb_run_facts_target(f, mode);
	int base = strcmp(mode, "none") == 0;
	int dir_run = f->targets_unsaid || f->nt > 0;

	g->n = 0;
	if (!f->runner)
		return;
	if (f->drop_unsaid && reads && (strcmp(tool, "dd") == 0 || strcmp(tool, "fio") == 0))
		gap(g, "meta.json does not say whether caches were dropped%s (runner.drop_caches "
		    "is missing): reads by dd and fio may have come from the page cache", where);
	if (f->bonnie_unsaid && reads && strcmp(tool, "bonnie") == 0)
		gap(g, "meta.json does not say whether bonnie++ was kept from reading memory%s "
		    "(runner.bonnie_reads_may_be_cached is missing): its reads may have come from "
		    "memory", where);
	if (!dir_run)
		return;
	if (t == NULL)
		gap(g, "meta.json records no folder for %s%s (runner.targets%s%s), so %s and on "
		    "what storage it ran are not known", mode, where, f->targets_unsaid ?
		    " is missing" : " has no ", f->targets_unsaid ? "" : mode,
		    base ? "whether it is unencrypted" : "whether it was encrypted");
	else {
		if (t->encryption == -1)
			gap(g, "meta.json does not say what encrypts the folder of %s%s "
			    "(runner.targets.%s.encryption is missing), so %s is not known", mode,
			    where, t->key, base ? "whether it is unencrypted" :
			    "whether it was encrypted");
		if (*t->fs == '\0')
			gap(g, "meta.json does not say on what file system the folder of %s%s lies "
			    "(runner.targets.%s.fs is not given), so whether the sides ran on the same "
			    "storage is not known", mode, where, t->key);
	}
}

/* ZFS native encryption's modes as encbench spells them. */
static int
is_zfs_mode(const char *mode)
{
	static const char *const modes[] = {
		"aes-128-ccm", "aes-192-ccm", "aes-256-ccm",
		"aes-128-gcm", "aes-192-gcm", "aes-256-gcm",
	};

	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (strcmp(mode, modes[i]) == 0)
			return 1;
	return 0;
}

int
eb_target_other_encryption(const struct eb_target_fact *t)
{
	char found[128];

	if (t->encryption != 1 || strcmp(t->mode, "none") == 0)
		return 0;
	if (strncmp(t->encryption_text, "zfs:", 4) == 0) {
		eb_mode_canonical(t->encryption_text + 4, found, sizeof found);
		return strcmp(found, t->mode) != 0;
	}
	/* fscrypt has no CCM or GCM mode (AES-256-XTS, Adiantum); dm-crypt
	 * may well be told gcm(aes), so it is taken at its name. */
	return strncmp(t->encryption_text, "fscrypt", 7) == 0 && is_zfs_mode(t->mode);
}

const struct eb_target_fact *
eb_run_facts_target(const struct eb_run_facts *f, const char *mode)
{
	for (size_t i = 0; i < f->nt; i++)
		if (strcmp(f->t[i].mode, mode) == 0)
			return &f->t[i];
	return NULL;
}

/* The label folded to its letters and digits: "No_AES-NI" is noaesni. */
static void
squash(const char *s, char *buf, size_t n)
{
	size_t k = 0;

	for (; *s != '\0' && k + 1 < n; s++)
		if (isalnum((unsigned char)*s))
			buf[k++] = (char)tolower((unsigned char)*s);
	buf[k] = '\0';
}

/* "N-cores" at the end of a label, or 0. */
static long
cores_suffix(const char *c)
{
	size_t n = strlen(c);
	const char *d;

	if (n < 7 || strcmp(c + n - 6, "-cores") != 0)
		return 0;
	d = c + n - 6;
	while (d > c && isdigit((unsigned char)d[-1]))
		d--;
	if (d == c + n - 6 || (d != c && d[-1] != '-'))
		return 0;
	return strtol(d, NULL, 10);
}

void
eb_config_claims(const char *config, struct eb_config_claim *c)
{
	char sq[256];

	memset(c, 0, sizeof *c);
	c->no_aesni = strcmp(config, "no-aesni") == 0 || strncmp(config, "no-aesni-", 9) == 0;
	c->cores = cores_suffix(config);
	squash(config, sq, sizeof sq);
	/* A label encbench does not read as the runner's, such as
	 * "aesni-off-fast", may still mean AES-NI off: it is named. */
	if (!c->no_aesni && strcmp(config, "default") != 0 &&
	    (strstr(sq, "aesni") != NULL || strstr(sq, "generic") != NULL))
		c->unsure_aesni = 1;
	if (c->cores == 0 && strpbrk(sq, "0123456789") != NULL &&
	    (strstr(sq, "core") != NULL || strstr(sq, "cpu") != NULL ||
	    strstr(sq, "smp") != NULL || strstr(sq, "thread") != NULL))
		c->unsure_cores = 1;
}

int
eb_target_other_storage(const struct eb_target_fact *a, const struct eb_target_fact *b)
{
	size_t pa, pb;

	if (*a->fs == '\0' || *b->fs == '\0')
		return 0;
	if (strcmp(a->fs, b->fs) != 0)
		return 1;
	if (strcmp(a->device, b->device) == 0 || *a->device == '\0' || *b->device == '\0')
		return 0;
	/* ZFS names a dataset: one pool is one storage. */
	if (strcmp(a->fs, "zfs") == 0) {
		pa = strcspn(a->device, "/");
		pb = strcspn(b->device, "/");
		return pa != pb || strncmp(a->device, b->device, pa) != 0;
	}
	/* dm-crypt's folder is on the device it maps, which is another than
	 * the baseline's by its nature: meta.json names no disk under it. */
	if (strcmp(a->encryption_text, "dm-crypt") == 0 ||
	    strcmp(b->encryption_text, "dm-crypt") == 0)
		return 0;
	return 1;
}

/* ---- the warnings of ingest */

static void
warn_at(const char *path, const char *body, const char *outer, const char *key,
    struct eb_diag *diag, const char *msg)
{
	struct eb_loc loc = { path, eb_meta_member_line(body, outer, key), 0 };

	eb_diag(diag, EB_WARNING, loc, "%s", msg);
}

static void
place_text(const struct eb_target_fact *t, char *buf, size_t n)
{
	snprintf(buf, n, "%s (%s)", *t->fs ? t->fs : "an unnamed file system",
	    *t->device ? t->device : "no device named");
}

void
eb_run_facts_warn(const char *path, const char *body, const char *json, const char *config,
    struct eb_diag *diag)
{
	struct eb_run_facts f;
	const struct eb_target_fact *base;
	struct eb_config_claim cc;
	char msg[1024], a[256], b[256];
	json_t *doc = json_loads(json, 0, NULL);
	const char *tests = json_string_value(json_object_get(json_object_get(doc, "runner"),
	    "tests"));
	int ddfio = tests == NULL || strstr(tests, "dd") != NULL || strstr(tests, "fio") != NULL;

	json_decref(doc);
	eb_run_facts_read(json, &f);
	base = eb_run_facts_target(&f, "none");
	for (size_t i = 0; i < f.nt; i++) {
		const struct eb_target_fact *t = &f.t[i];

		if (strcmp(t->mode, "none") != 0 && t->encryption == 0) {
			snprintf(msg, sizeof msg, "runner.targets.%s.encryption is null: the run found "
			    "no encryption under %s; its records are read, and report and findings "
			    "say that encryption was not verified", t->key, *t->path ? t->path :
			    "its folder");
			warn_at(path, body, "targets", t->key, diag, msg);
		} else if (eb_target_other_encryption(t)) {
			snprintf(msg, sizeof msg, "runner.targets.%s.encryption is \"%s\": the run "
			    "found other encryption than the mode %s names under its folder; its "
			    "records are read, and report and findings say so beside its claims",
			    t->key, t->encryption_text, t->mode);
			warn_at(path, body, "targets", t->key, diag, msg);
		} else if (strcmp(t->mode, "none") == 0 && t->encryption == 1) {
			snprintf(msg, sizeof msg, "runner.targets.%s.encryption is \"%s\": the "
			    "baseline's folder is encrypted, so the modes are not compared with "
			    "unencrypted storage", t->key, t->encryption_text);
			warn_at(path, body, "targets", t->key, diag, msg);
		}
		if (base != NULL && t != base && eb_target_other_storage(t, base)) {
			place_text(t, a, sizeof a);
			place_text(base, b, sizeof b);
			snprintf(msg, sizeof msg, "runner.targets: %s is on %s, the baseline %s on "
			    "%s: the difference between them is not only encryption", t->key, a,
			    base->key, b);
			warn_at(path, body, "targets", t->key, diag, msg);
		}
	}
	if (f.targets_unsaid)
		warn_at(path, body, NULL, "runner", diag, "runner.targets is missing: meta.json "
		    "records no mode's folder, so whether each mode was encrypted and on what "
		    "storage each ran are not known; report and findings say so beside each claim");
	for (size_t i = 0; i < f.nt; i++) {
		const struct eb_target_fact *t = &f.t[i];

		if (t->encryption == -1) {
			snprintf(msg, sizeof msg, "runner.targets.%s.encryption is missing: whether "
			    "its folder %s encrypted is not known; report and findings say so beside "
			    "its claims", t->key, strcmp(t->mode, "none") == 0 ? "is un" : "was");
			warn_at(path, body, "targets", t->key, diag, msg);
		}
		if (*t->fs == '\0') {
			snprintf(msg, sizeof msg, "runner.targets.%s.fs names no file system: whether "
			    "it ran on the same storage as the other modes is not known; report and "
			    "findings say so beside its claims", t->key);
			warn_at(path, body, "targets", t->key, diag, msg);
		}
	}
	if (f.drop_unsaid)
		warn_at(path, body, NULL, "runner", diag, "runner.drop_caches is missing: meta.json "
		    "does not say whether caches were dropped, so dd and fio reads may have come "
		    "from the page cache; report and findings say so beside each claim about reads");
	if (f.bonnie_unsaid)
		warn_at(path, body, NULL, "runner", diag, "runner.bonnie_reads_may_be_cached is "
		    "missing: meta.json does not say whether bonnie++ was kept from reading memory, "
		    "so its reads may have come from memory; report and findings say so beside each "
		    "claim about them");
	if (f.drop_caches == 0 && ddfio)
		warn_at(path, body, "runner", "drop_caches", diag, "runner.drop_caches is false: "
		    "dd and fio reads may have come from the page cache; report and findings "
		    "say so beside each claim about reads");
	if (f.bonnie_cached == 1)
		warn_at(path, body, "runner", "bonnie_reads_may_be_cached", diag,
		    "runner.bonnie_reads_may_be_cached is true: bonnie++ reads may have come from "
		    "memory; report and findings say so beside each claim about them");
	eb_config_claims(config, &cc);
	if ((cc.no_aesni || cc.unsure_aesni) && f.aesni == 1) {
		snprintf(msg, sizeof msg, "config '%s' %s AES-NI was off, but meta.json says the "
		    "CPU has it and records nothing that turned it off (%s); report and findings "
		    "say so beside this config's claims", config, cc.no_aesni ? "says" :
		    "may say", f.aesni_why);
		warn_at(path, body, NULL, "config", diag, msg);
	}
	if (cc.cores > 0 && f.cpus > 0 && cc.cores != f.cpus) {
		snprintf(msg, sizeof msg, "config '%s' says %ld CPUs, but meta.json's %s (%ld "
		    "CPU%s); report and findings say so beside this config's claims", config,
		    cc.cores, f.cpus_why, f.cpus, f.cpus == 1 ? "" : "s");
		warn_at(path, body, NULL, "config", diag, msg);
	} else if (cc.unsure_cores && f.cpus > 0) {
		snprintf(msg, sizeof msg, "config '%s' may name a CPU count that encbench does "
		    "not read; meta.json's %s (%ld CPU%s)", config, f.cpus_why, f.cpus,
		    f.cpus == 1 ? "" : "s");
		warn_at(path, body, NULL, "config", diag, msg);
	}
}

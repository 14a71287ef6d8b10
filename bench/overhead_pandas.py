#!/usr/bin/python3
# overhead_pandas.py IN.csv OUT.csv - what a user would write instead of
# "encbench overhead --csv": pandas groups the repetitions and merges each
# mode with the baseline of its key. The benchmark's point of comparison.
import pandas as pd, sys
df = pd.read_csv(sys.argv[1])
keys = ["release","host","config","mode","tool","job","workload","op","block_size","metric","unit"]
g = df.groupby(keys, dropna=False)["value"].agg(["count","mean","std"]).reset_index()
base = g[g["mode"] == "none"].drop(columns=["mode"]).rename(columns={"count":"baseline_n","mean":"baseline_mean","std":"baseline_sd"})
k2 = [k for k in keys if k != "mode"]
m = g[g["mode"] != "none"].merge(base, on=k2, how="inner")
hib = m["metric"].isin(["bw","iops","ops"])
m["ratio"] = m["mean"]/m["baseline_mean"]
m.loc[~hib,"ratio"] = m["baseline_mean"]/m["mean"]
m["overhead_pct"] = (1-m["ratio"])*100
m.to_csv(sys.argv[2], index=False)

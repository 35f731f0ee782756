"""The target: machine models (`machines/*.toml`) and what they cost."""

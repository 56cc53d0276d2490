"""Local web serving: ``server`` (uvicorn on 127.0.0.1 only, the Host header checked, the
servers' own templates rendered) is what the studio and the watch share; ``live`` is the
watch's preview, pushed to every open page on each rebuild. Below the commands: a port
that cannot be had is ``server.PortRefused``, which a command reports as a usage error.
"""

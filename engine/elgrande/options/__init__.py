"""Holds each optional rule of §9 as its own small subclass of `engine.elgrande.hooks.Rules`.

One module per option; `engine.elgrande.ruleset` lists them and combines those a game turns on.
"""

"""Test-wide settings."""

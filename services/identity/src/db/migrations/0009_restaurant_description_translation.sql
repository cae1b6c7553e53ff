-- Issue 32: a restaurant's description reaches chefs of the other language translated. Each version of the
-- description is asked of messaging (identity.text.written.v1) and its translation kept here when it comes
-- back (messaging.text.translated.v1): { written_at, language, translated_text, translated_language },
-- written_at naming the version, translated_text null until the translation lands (or when it is not made).
alter table identity.restaurant_profiles add column description_translation jsonb;

//! Where media files live: a local folder by default, or S3-compatible object storage
//! (`FAGFOLK_STORAGE=s3://bucket/prefix`, credentials from the usual `AWS_*` variables,
//! `crate::config::STORAGE_KEYS`),
//! so several server instances can share one library. Behind `object_store` either way.

use std::sync::Arc;

use anyhow::Context;
use bytes::Bytes;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutMode, PutOptions, PutPayload};

#[derive(Clone, Debug)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    prefix: Path,
}

/// What `put_new` can run into.
#[derive(Debug, thiserror::Error)]
pub enum PutError {
    #[error("finnes allerede")]
    Exists,
    #[error(transparent)]
    Other(#[from] object_store::Error),
}

impl Storage {
    /// Opens `location`, a folder or an `s3://bucket/prefix` address; `options` are the
    /// `AWS_*` settings (ignored for a folder).
    pub fn open(location: &str, options: &[(String, String)]) -> anyhow::Result<Self> {
        if location.contains("://") {
            let url = url::Url::parse(location).context("FAGFOLK_STORAGE: ugyldig adresse")?;
            let options = options.iter().map(|(key, value)| (key.to_ascii_lowercase(), value.clone()));
            // The bucket's HTTPS client takes the process's TLS provider (Cargo.toml: ring,
            // one crypto library for mail and storage); a second call finds it installed.
            let _ = rustls::crypto::ring::default_provider().install_default();
            let (store, prefix) = object_store::parse_url_opts(&url, options)
                .context("FAGFOLK_STORAGE: kunne ikke åpne lageret")?;
            return Ok(Self { store: Arc::from(store), prefix });
        }
        std::fs::create_dir_all(location)
            .with_context(|| format!("FAGFOLK_STORAGE: kunne ikke opprette {location}"))?;
        let store = LocalFileSystem::new_with_prefix(location).context("FAGFOLK_STORAGE: ugyldig mappe")?;
        Ok(Self { store: Arc::new(store), prefix: Path::default() })
    }

    /// Where `key` is stored. A key may name folders (`a/b.jpg`, from `media copy` of a
    /// folder with subfolders): each part is a part of the path, not one part with an
    /// encoded `/`.
    fn path(&self, key: &str) -> Path {
        Path::from_iter(self.prefix.parts().chain(Path::from(key).parts()))
    }

    /// Stores `bytes` under `key`, refusing to overwrite anything already there.
    pub async fn put_new(&self, key: &str, bytes: Bytes) -> Result<(), PutError> {
        let options = PutOptions { mode: PutMode::Create, ..Default::default() };
        match self.store.put_opts(&self.path(key), PutPayload::from(bytes), options).await {
            Ok(_) => Ok(()),
            Err(object_store::Error::AlreadyExists { .. }) => Err(PutError::Exists),
            Err(err) => Err(PutError::Other(err)),
        }
    }

    pub async fn get(&self, key: &str) -> Result<Bytes, object_store::Error> {
        self.store.get(&self.path(key)).await?.bytes().await
    }

    /// Every key stored, in order.
    pub async fn keys(&self) -> Result<Vec<String>, object_store::Error> {
        use futures_util::TryStreamExt;
        let prefix = (!self.prefix.as_ref().is_empty()).then_some(&self.prefix);
        let objects: Vec<_> = self.store.list(prefix).try_collect().await?;
        let mut keys: Vec<String> = objects
            .into_iter()
            .map(|meta| {
                let full = meta.location.as_ref();
                full.strip_prefix(self.prefix.as_ref()).unwrap_or(full).trim_start_matches('/').to_owned()
            })
            .collect();
        keys.sort();
        Ok(keys)
    }

    /// Copies every file into `to` (`fagfolk media copy`), keeping what is there already:
    /// answers how many were copied and how many `to` had. A file that fails stops the copy
    /// with its name; running it again picks up where it stopped.
    pub async fn copy_all(&self, to: &Storage) -> anyhow::Result<(usize, usize)> {
        let (mut copied, mut had) = (0, 0);
        for key in self.keys().await.context("kunne ikke liste filene")? {
            let bytes = self.get(&key).await.with_context(|| format!("kunne ikke lese {key}"))?;
            match to.put_new(&key, bytes).await {
                Ok(()) => copied += 1,
                Err(PutError::Exists) => had += 1,
                Err(PutError::Other(err)) => {
                    return Err(err).with_context(|| format!("kunne ikke skrive {key}"));
                }
            }
        }
        Ok((copied, had))
    }

    pub async fn exists(&self, key: &str) -> Result<bool, object_store::Error> {
        match self.store.head(&self.path(key)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(err) => Err(err),
        }
    }

    /// Streams the file at `file` up under `key` (in parts when it is large), so a big
    /// file is never read into memory whole (`fagfolk backup`).
    pub async fn put_file(&self, key: &str, file: &std::path::Path) -> anyhow::Result<()> {
        use tokio::io::AsyncWriteExt;
        let mut source = tokio::fs::File::open(file).await?;
        let mut upload = object_store::buffered::BufWriter::new(self.store.clone(), self.path(key));
        tokio::io::copy(&mut source, &mut upload).await?;
        upload.shutdown().await?;
        Ok(())
    }

    /// Streams the object `key` down into the new file `file` (`fagfolk restore`).
    pub async fn get_file(&self, key: &str, file: &std::path::Path) -> anyhow::Result<()> {
        use futures_util::TryStreamExt;
        use tokio::io::AsyncWriteExt;
        let mut stream = self.store.get(&self.path(key)).await?.into_stream();
        let mut target = tokio::fs::File::create_new(file).await?;
        while let Some(chunk) = stream.try_next().await? {
            target.write_all(&chunk).await?;
        }
        target.sync_all().await?;
        Ok(())
    }

    pub async fn delete(&self, key: &str) -> Result<(), object_store::Error> {
        match self.store.delete(&self.path(key)).await {
            Err(object_store::Error::NotFound { .. }) => Ok(()),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stored_file_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::open(dir.path().to_str().unwrap(), &[]).unwrap();
        storage.put_new("bilde.png", Bytes::from_static(b"first")).await.unwrap();
        let again = storage.put_new("bilde.png", Bytes::from_static(b"second")).await;
        assert!(matches!(again, Err(PutError::Exists)), "{again:?}");
        assert_eq!(storage.get("bilde.png").await.unwrap(), Bytes::from_static(b"first"));
        storage.delete("bilde.png").await.unwrap();
        storage.delete("bilde.png").await.unwrap();
        assert!(storage.get("bilde.png").await.is_err(), "deleted, and deleting twice is fine");
    }
}
